import { Check, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { useStartupConfig } from '../../../config/use-startup-config';
import { useAuthStore } from '../../../auth/auth-store';
import { downloadBackupCodes } from './backup-codes-file';

/** The codes in clear, shown once, and the button that saves them as backup-codes.txt. */
export function BackupCodesList({
  codes,
  hasDownloaded,
  onDownloaded,
}: {
  codes: readonly string[];
  hasDownloaded: boolean;
  onDownloaded(): void;
}) {
  const { t } = useTranslation('twoFactor');
  const { data: config } = useStartupConfig();
  const email = useAuthStore((s) => s.user?.email ?? '');
  const download = () => {
    downloadBackupCodes(codes, t('file_heading', { appTitle: config?.appTitle ?? 'Confab', email }));
    onDownloaded();
  };
  return (
    <div>
      <ul
        aria-label={t('backup_list_label')}
        className="grid grid-cols-2 gap-x-3 gap-y-2 rounded-xl border border-line bg-surface-secondary p-3.5 sm:grid-cols-2"
      >
        {codes.map((code, index) => (
          <li key={code} className="flex items-center gap-2 font-mono text-[15px] tracking-wider text-fg">
            <span className="w-5 text-right text-xs text-fg-tertiary tabular-nums" aria-hidden>
              {index + 1}.
            </span>
            <span data-testid="backup-code">{code}</span>
          </li>
        ))}
      </ul>
      <Button
        variant="outline"
        className="mt-3 w-full"
        onClick={download}
        data-testid="download-backup-codes"
        aria-live="polite"
      >
        {hasDownloaded ? (
          <Check className="size-4 text-accent" aria-hidden />
        ) : (
          <Download className="size-4" aria-hidden />
        )}
        {hasDownloaded ? t('downloaded') : t('download')}
      </Button>
    </div>
  );
}

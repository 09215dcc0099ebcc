import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/ui/logo';
import { useAppTitle } from '../config/use-document-title';

/**
 * The frame of the test mode's checkout and portal pages: a banner no one can mistake for a real
 * payment page (no Stripe key is set, nothing is charged).
 */
export function TestModeFrame({ children, testId }: { children: ReactNode; testId: string }) {
  const { t } = useTranslation('subscriptions');
  const appTitle = useAppTitle();
  return (
    <div className="flex min-h-dvh flex-col bg-surface-secondary text-fg" data-testid={testId}>
      <div
        role="note"
        className="flex items-center justify-center gap-2 bg-amber-400 px-4 py-2 text-center text-sm font-semibold text-amber-950"
        data-testid="test-mode-banner"
      >
        <FlaskConical className="size-4 shrink-0" aria-hidden />
        <span>
          <span className="tracking-wider uppercase">{t('test_mode')}</span>
          <span className="font-normal"> · {t('test_mode_banner')}</span>
        </span>
      </div>
      <header className="mx-auto flex w-full max-w-md items-center gap-2.5 px-5 pt-8 pb-4">
        <Logo className="size-7" />
        <span className="truncate text-[17px] font-semibold tracking-tight">{appTitle}</span>
      </header>
      <main className="mx-auto w-full max-w-md flex-1 px-5 pb-16">{children}</main>
    </div>
  );
}

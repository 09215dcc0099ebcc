import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useAuthStore } from '../../auth/auth-store';
import { DeleteAccountDialog } from './delete-account/delete-account-dialog';

/** Settings → Account's danger zone, last on the tab: delete the account behind a typed-email lock. */
export function DeleteAccountSection() {
  const { t } = useTranslation('account');
  const email = useAuthStore((s) => s.user?.email);
  const [open, setOpen] = useState(false);
  if (!email) return null;
  return (
    <section className="mt-8" aria-labelledby="danger-zone-heading" data-testid="delete-account-section">
      <h3 id="danger-zone-heading" className="mb-2 text-xs font-semibold tracking-wide text-danger uppercase">
        {t('delete_heading')}
      </h3>
      <div className="flex flex-col gap-3 rounded-xl border border-danger-line bg-danger-soft/40 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-fg">{t('delete_title')}</p>
          <p className="mt-0.5 text-[13px] leading-snug text-fg-secondary">{t('delete_summary')}</p>
        </div>
        <Button variant="danger" size="sm" onClick={() => setOpen(true)} data-testid="delete-account-open">
          <Trash2 className="size-4" aria-hidden />
          {t('delete_open')}
        </Button>
      </div>
      <DeleteAccountDialog email={email} open={open} onOpenChange={setOpen} />
    </section>
  );
}

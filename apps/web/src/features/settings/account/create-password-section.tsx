import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useAuthStore } from '../../auth/auth-store';
import { CreatePasswordDialog } from './create-password/create-password-dialog';
import { providerLabel } from './create-password/provider-label';

/** Settings → Account: an account that signs in with a provider can add a password (SPEC 5). */
export function CreatePasswordSection() {
  const { t } = useTranslation('auth');
  const user = useAuthStore((s) => s.user);
  const [isOpen, setIsOpen] = useState(false);
  // Each opening mounts a fresh dialog: no password typed earlier survives a close.
  const [opening, setOpening] = useState(0);
  if (!user || user.hasPassword !== false) return null;
  return (
    <div data-testid="create-password-section">
      {/* Stacked on a phone: the sentence needs the width more than the button does. */}
      <div className="flex flex-col gap-3 border-b border-line py-3.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-fg">{t('password')}</p>
          <p className="mt-0.5 text-[13px] text-fg-tertiary">
            {t('create_password_description', { provider: providerLabel(user.provider) })}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="shrink-0 self-start sm:self-auto"
          onClick={() => {
            setOpening((n) => n + 1);
            setIsOpen(true);
          }}
          data-testid="create-password-open"
        >
          <KeyRound className="size-4" aria-hidden />
          {t('create_password')}
        </Button>
      </div>
      {opening > 0 ? (
        <CreatePasswordDialog key={opening} email={user.email} isOpen={isOpen} onOpenChange={setIsOpen} />
      ) : null}
    </div>
  );
}

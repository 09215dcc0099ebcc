import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../auth/auth-store';
import { MessageAuthorSettingRow } from '../chat/messages/message-author-setting-row';
import { AvatarPicker } from '../files/avatar/avatar-picker';
import { CreatePasswordSection } from './account/create-password-section';
import { DeleteAccountSection } from './account/delete-account-section';
import { PasskeysSection } from './account/passkeys-section';
import { TwoFactorSection } from './account/two-factor-section';

function InfoRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-center justify-between gap-4 border-b border-line py-3.5 last:border-b-0">
      <span className="text-sm font-medium text-fg">{label}</span>
      <span className="min-w-0 truncate text-sm text-fg-secondary" title={value} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** The Account tab (SPEC 2): the picture, who is signed in, and the account's security. */
export function AccountSettings() {
  const { t } = useTranslation('files');
  const user = useAuthStore((s) => s.user);
  if (!user) return null;
  return (
    <div>
      <AvatarPicker />
      {user.name ? <InfoRow label={t('name')} value={user.name} testId="account-name" /> : null}
      {user.username ? <InfoRow label={t('username')} value={user.username} testId="account-username" /> : null}
      <InfoRow label={t('email')} value={user.email} testId="account-email" />
      <MessageAuthorSettingRow />
      {/* Issue 22: each section decides for itself whether it shows (SPEC 6). */}
      <CreatePasswordSection />
      <TwoFactorSection />
      <PasskeysSection />
      <DeleteAccountSection />
    </div>
  );
}

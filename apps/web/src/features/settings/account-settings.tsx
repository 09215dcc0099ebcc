import { useAuthStore } from '../auth/auth-store';
import { MessageAuthorSettingRow } from '../chat/messages/message-author-setting-row';
import { AvatarPicker } from '../files/avatar/avatar-picker';
import { AccountBasicsSection } from './account/basics/account-basics-section';
import { SessionsSection } from './account/basics/sessions-section';
import { CreatePasswordSection } from './account/create-password-section';
import { DeleteAccountSection } from './account/delete-account-section';
import { PasskeysSection } from './account/passkeys-section';
import { TwoFactorSection } from './account/two-factor-section';

/** The Account tab (SPEC 2): the picture, who is signed in, and the account's security. */
export function AccountSettings() {
  const user = useAuthStore((s) => s.user);
  if (!user) return null;
  return (
    <div>
      <AvatarPicker />
      {/* Issue 40: name, username, email and password, each with its change. */}
      <AccountBasicsSection />
      <MessageAuthorSettingRow />
      {/* Issue 22: each section decides for itself whether it shows (SPEC 6). */}
      <CreatePasswordSection />
      <TwoFactorSection />
      <PasskeysSection />
      <SessionsSection />
      <DeleteAccountSection />
    </div>
  );
}

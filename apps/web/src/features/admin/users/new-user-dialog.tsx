import { ROLES, type CreateAdminUserResponse, type Role } from '@confab/shared';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { PasswordField } from '../../../components/ui/password-field';
import { Select } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';
import { adminUserError } from './admin-user-errors';
import { useCreateUser } from './admin-users-api';

type Mode = 'password' | 'invite';

/** After an invitation without a mail server: the link to pass on, with a copy button. */
function InviteLink({ link }: { link: string }) {
  const { t } = useTranslation('admin-users');
  const [isCopied, setIsCopied] = useState(false);
  return (
    <div className="flex flex-col gap-3" data-testid="admin-invite-result">
      <Alert tone="info" title={t('invite_no_mail_title')}>
        {t('invite_no_mail_body')}
      </Alert>
      <div className="flex items-center gap-2 rounded-lg border border-line bg-surface-secondary p-2 pl-3">
        <code className="min-w-0 flex-1 truncate text-xs text-fg" data-testid="admin-invite-link">
          {link}
        </code>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setIsCopied(true));
          }}
        >
          {isCopied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {isCopied ? t('copied') : t('copy_link')}
        </Button>
      </div>
    </div>
  );
}

function Form({ onDone, onInvited }: { onDone: () => void; onInvited: (result: CreateAdminUserResponse) => void }) {
  const { t } = useTranslation('admin-users');
  const { t: tc } = useTranslation('common');
  const create = useCreateUser();
  const [mode, setMode] = useState<Mode>('password');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('USER');
  const [isVerified, setIsVerified] = useState(true);
  const isValid =
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) &&
    (mode === 'invite' || (name.trim().length >= 3 && password.length >= 8));

  const submit = () =>
    create.mutate(
      mode === 'password'
        ? { mode, name: name.trim(), email: email.trim(), password, role, emailVerified: isVerified }
        : { mode, email: email.trim(), role, ...(name.trim().length >= 3 ? { name: name.trim() } : {}) },
      {
        onSuccess: (result) => {
          if (result.inviteLink) return onInvited(result);
          showToast({ message: t(mode === 'invite' ? 'invite_mailed' : 'created', { email: result.user.email }) });
          onDone();
        },
        onError: (error) => showToast({ message: adminUserError(error, t), status: 'error' }),
      },
    );

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (isValid) submit();
      }}
    >
      <div
        role="radiogroup"
        aria-label={t('new_mode')}
        className="grid grid-cols-2 gap-1 rounded-xl bg-surface-tertiary p-1"
      >
        {(['password', 'invite'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={mode === value}
            onClick={() => setMode(value)}
            className={cn(
              'focus-ring flex flex-col items-start rounded-lg px-3 py-2 text-left transition-colors',
              mode === value ? 'bg-surface shadow-sm' : 'hover:bg-surface-hover',
            )}
            data-testid={`admin-new-user-mode-${value}`}
          >
            <span className="text-sm font-semibold text-fg">{t(`new_mode_${value}`)}</span>
            <span className="text-xs text-fg-tertiary">{t(`new_mode_${value}_hint`)}</span>
          </button>
        ))}
      </div>
      <TextField
        label={t('field_email')}
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        data-testid="admin-new-user-email"
      />
      <TextField
        label={mode === 'invite' ? t('field_name_optional') : t('field_name')}
        autoComplete="off"
        value={name}
        onChange={(e) => setName(e.target.value)}
        data-testid="admin-new-user-name"
      />
      {mode === 'password' ? (
        <PasswordField
          label={t('field_password')}
          autoComplete="new-password"
          value={password}
          hint={t('field_password_hint')}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="admin-new-user-password"
        />
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <label className="flex items-center gap-3 text-sm text-fg">
          <span className="font-medium">{t('field_role')}</span>
          <Select
            aria-label={t('field_role')}
            value={role}
            onValueChange={(value) => setRole(value as Role)}
            options={ROLES.map((value) => ({ value, label: t(`role_${value}`) }))}
            className="w-36"
          />
        </label>
        {mode === 'password' ? (
          <label className="flex items-center gap-3 text-sm text-fg">
            <Switch isChecked={isVerified} onCheckedChange={setIsVerified} aria-label={t('field_verified')} />
            {t('field_verified')}
          </label>
        ) : null}
      </div>
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          {tc('cancel')}
        </Button>
        <Button type="submit" disabled={!isValid} isLoading={create.isPending} data-testid="admin-new-user-submit">
          {t(mode === 'invite' ? 'invite_action' : 'create_action')}
        </Button>
      </div>
    </form>
  );
}

/** "New user": an account with a password, or an invitation by mail (the link shown when no mail is set up). */
export function NewUserDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const { t } = useTranslation('admin-users');
  const [invited, setInvited] = useState<CreateAdminUserResponse | null>(null);
  const close = () => {
    onOpenChange(false);
    setInvited(null);
  };
  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? onOpenChange(true) : close())}>
      <DialogContent
        title={invited ? t('invite_ready_title') : t('new_title')}
        description={invited ? t('invite_ready_for', { email: invited.user.email }) : t('new_description')}
        className="max-w-lg"
        data-testid="admin-new-user-dialog"
      >
        <div className="overflow-y-auto px-6 pb-6">
          {invited?.inviteLink ? (
            <>
              <InviteLink link={invited.inviteLink} />
              <div className="mt-5 flex justify-end">
                <Button onClick={close}>{t('done')}</Button>
              </div>
            </>
          ) : (
            <Form onDone={close} onInvited={setInvited} />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

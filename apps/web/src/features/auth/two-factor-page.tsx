import { useMutation } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { postVerifyTwoFactor } from './auth-api';
import { BACKUP_CODE_LENGTH, TWO_FACTOR_CODE_LENGTH } from './auth-form-schemas';
import { AuthHeading } from './auth-heading';
import { AuthSwitchLink } from './auth-switch-link';
import { useAuthStore } from './auth-store';
import { PasskeySecondFactorButton } from './passkey-second-factor-button';

type Mode = 'code' | 'backup';

export function TwoFactorPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const setSession = useAuthStore((s) => s.setSession);
  const [params] = useSearchParams();
  const tempToken = params.get('tempToken') ?? '';
  const [mode, setMode] = useState<Mode>('code');
  const [value, setValue] = useState('');
  const requiredLength = mode === 'code' ? TWO_FACTOR_CODE_LENGTH : BACKUP_CODE_LENGTH;

  const verify = useMutation({
    mutationFn: () => postVerifyTwoFactor(mode === 'code' ? { tempToken, token: value } : { tempToken, backupCode: value }),
    onSuccess: async (session) => {
      setSession(session);
      await navigate('/c/new', { replace: true });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC 5: shorter input is ignored.
    if (value.length === requiredLength) verify.mutate();
  };
  const switchMode = () => {
    setMode((m) => (m === 'code' ? 'backup' : 'code'));
    setValue('');
    verify.reset();
  };
  const errorMessage = verify.error instanceof ApiError && verify.error.message ? verify.error.message : verify.error ? t('twofa_error') : null;

  return (
    <>
      <div className="mb-5 flex justify-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft">
          <ShieldCheck className="size-6 text-accent" aria-hidden />
        </span>
      </div>
      <AuthHeading title={t('twofa_title')} subtitle={mode === 'code' ? t('twofa_code_subtitle') : t('twofa_backup_subtitle')} />
      {!tempToken ? <Alert tone="error" className="mb-5">{t('twofa_missing_token')}</Alert> : null}
      {errorMessage ? (
        <Alert tone="error" className="mb-5" testId="twofa-error">
          {errorMessage}
        </Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          key={mode}
          label={mode === 'code' ? t('twofa_code') : t('twofa_backup_code')}
          value={value}
          onChange={(e) => setValue(mode === 'code' ? e.target.value.replace(/\D/g, '').slice(0, TWO_FACTOR_CODE_LENGTH) : e.target.value.trim().slice(0, BACKUP_CODE_LENGTH))}
          inputMode={mode === 'code' ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          autoFocus
          maxLength={requiredLength}
          placeholder={mode === 'code' ? '000000' : 'XXXXXXXX'}
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
        />
        <Button type="submit" size="lg" className="w-full rounded-xl" isLoading={verify.isPending} disabled={!tempToken || value.length !== requiredLength}>
          {t('twofa_verify')}
        </Button>
        <Button variant="link" className="self-center text-sm" onClick={switchMode}>
          {mode === 'code' ? t('twofa_use_backup') : t('twofa_use_code')}
        </Button>
      </form>
      <PasskeySecondFactorButton tempToken={tempToken} />
      <AuthSwitchLink prompt="" label={t('back_to_login')} to="/login" />
    </>
  );
}

import { TWO_FACTOR, type TwoFactorCodeInput } from '@confab/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';

export type CodeMode = 'code' | 'backup';

const lengthOf = (mode: CodeMode) => (mode === 'code' ? TWO_FACTOR.codeDigits : TWO_FACTOR.backupCodeLength);

/** The request body for a complete entry; null while it is shorter (SPEC 5: shorter input is ignored). */
export function codeInputOf(mode: CodeMode, value: string): TwoFactorCodeInput | null {
  if (value.length !== lengthOf(mode)) return null;
  return mode === 'code' ? { token: value } : { backupCode: value };
}

/**
 * One field for a 6-digit code or, when `onModeChange` is given, an 8-character backup code,
 * with the link that switches between them.
 */
export function TwoFactorCodeField({
  mode,
  value,
  onChange,
  onModeChange,
  error,
  autoFocus = true,
}: {
  mode: CodeMode;
  value: string;
  onChange(value: string): void;
  onModeChange?: (mode: CodeMode) => void;
  error?: string | undefined;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('twoFactor');
  const clean = (raw: string) =>
    mode === 'code'
      ? raw.replace(/\D/g, '').slice(0, TWO_FACTOR.codeDigits)
      : raw
          .replace(/[^a-z0-9]/gi, '')
          .toUpperCase()
          .slice(0, TWO_FACTOR.backupCodeLength);
  return (
    <div className="flex flex-col gap-2">
      <TextField
        key={mode}
        label={mode === 'code' ? t('code_label') : t('backup_code_label')}
        value={value}
        onChange={(e) => onChange(clean(e.target.value))}
        error={error}
        inputMode={mode === 'code' ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        autoFocus={autoFocus}
        maxLength={lengthOf(mode)}
        placeholder={mode === 'code' ? '000000' : 'XXXXXXXX'}
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
        data-testid="twofa-code-input"
      />
      {onModeChange ? (
        <Button
          variant="link"
          className="self-center text-sm"
          onClick={() => {
            onChange('');
            onModeChange(mode === 'code' ? 'backup' : 'code');
          }}
          data-testid="twofa-toggle-backup"
        >
          {mode === 'code' ? t('use_backup') : t('use_code')}
        </Button>
      ) : null}
    </div>
  );
}

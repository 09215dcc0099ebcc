import { passkeyNameSchema } from '@confab/shared';
import type { TFunction } from 'i18next';
import { TextField } from '../../../../components/ui/text-field';

export const PASSKEY_NAME_MAX = 64;

/** The field's own message for a name the server would refuse, or undefined when it is fine. */
export function passkeyNameError(name: string, t: TFunction<'passkeys'>): string | undefined {
  if (passkeyNameSchema.safeParse(name).success) return undefined;
  return name.trim() ? t('name_too_long', { max: PASSKEY_NAME_MAX }) : t('name_required');
}

export function PasskeyNameField({
  value,
  onChange,
  error,
  hint,
  label,
}: {
  value: string;
  onChange(value: string): void;
  error: string | undefined;
  hint?: string;
  label: string;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={hint}
      maxLength={PASSKEY_NAME_MAX + 8}
      autoComplete="off"
      autoFocus
      data-testid="passkey-name-input"
    />
  );
}

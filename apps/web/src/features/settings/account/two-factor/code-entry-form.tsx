import type { TwoFactorCodeInput } from '@confab/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { codeInputOf, TwoFactorCodeField, type CodeMode } from './two-factor-code-field';

/**
 * A current code or a backup code, then the action (disable, regenerate). The parent's mutation
 * runs it; `error` is its message, cleared as soon as the code changes.
 */
export function CodeEntryForm({
  hint,
  submitLabel,
  submitVariant = 'primary',
  isPending,
  error,
  onSubmit,
  onCancel,
  onEdit,
  testId,
}: {
  hint: ReactNode;
  submitLabel: string;
  submitVariant?: 'primary' | 'danger';
  isPending: boolean;
  error?: string | undefined;
  onSubmit(input: TwoFactorCodeInput): void;
  onCancel(): void;
  onEdit(): void;
  testId: string;
}) {
  const { t } = useTranslation('twoFactor');
  const [mode, setMode] = useState<CodeMode>('code');
  const [value, setValue] = useState('');
  const input = codeInputOf(mode, value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (input) onSubmit(input);
  };
  return (
    <form noValidate onSubmit={submit} data-testid={testId}>
      <div className="mb-4 text-[15px] leading-relaxed text-fg-secondary">{hint}</div>
      <TwoFactorCodeField
        mode={mode}
        value={value}
        onChange={(next) => {
          setValue(next);
          onEdit();
        }}
        onModeChange={setMode}
        error={error}
      />
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel} data-testid="twofa-cancel">
          {t('cancel')}
        </Button>
        <Button
          type="submit"
          variant={submitVariant}
          isLoading={isPending}
          disabled={!input}
          data-testid="twofa-submit"
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

import { useTranslation } from 'react-i18next';
import { Switch } from '../../components/ui/switch';
import { showToast } from '../../components/ui/toast-store';
import { SettingsRow } from '../settings/settings-row';
import { memoryErrorText } from './memory-errors';
import { useMemoryOptIn } from './use-memory-opt-in';

/** The user's own switch (LibreChat's "Use memory", MEMORIES OPT_OUT): off, chats neither read nor save memories. */
export function MemoryOptInRow() {
  const { t } = useTranslation('memories');
  const { isOn, isKnown, setOn } = useMemoryOptIn();
  return (
    <>
      <SettingsRow label={t('use_memory')} description={t('use_memory_description')} htmlFor="settings-use-memory">
        <Switch
          id="settings-use-memory"
          isChecked={isOn}
          disabled={!isKnown}
          onCheckedChange={(next) =>
            setOn(next, {
              onError: (err) =>
                showToast({ message: `${t('opt_in_error')} ${memoryErrorText(err, t)}`, status: 'error' }),
            })
          }
          data-testid="memory-opt-in"
        />
      </SettingsRow>
      {isOn || !isKnown ? null : (
        <p
          className="mb-1 rounded-lg bg-surface-tertiary px-3 py-2 text-[13px] leading-snug text-fg-secondary"
          role="status"
        >
          {t('use_memory_off_note')}
        </p>
      )}
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { SettingsRow } from '../../settings/settings-row';
import { FORK_OPTIONS } from '@confab/shared';
import {
  DEFAULT_FORK_OPTION,
  FORK_OPTION_KEYS,
  parseForkOption,
  setForkSettings,
  useForkSettings,
} from './fork-settings';

/**
 * Settings → Chat's fork rows (LibreChat's ForkSettings): use a default fork option (the fork
 * button then forks at once), which option (shown while the first is on), and whether forks
 * start at the target message by default.
 */
export function ForkSettingsRows() {
  const { t } = useTranslation('chat');
  const { forkSetting, splitAtTarget, rememberDefaultFork } = useForkSettings();
  return (
    <>
      <SettingsRow
        label={t('fork.settings_remember')}
        description={t('fork.settings_remember_info')}
        htmlFor="settings-rememberDefaultFork"
      >
        <Switch
          id="settings-rememberDefaultFork"
          isChecked={rememberDefaultFork}
          onCheckedChange={(isChecked) => setForkSettings({ rememberDefaultFork: isChecked })}
          data-testid="settings-switch-rememberDefaultFork"
        />
      </SettingsRow>
      {rememberDefaultFork ? (
        <SettingsRow
          label={t('fork.settings_default')}
          description={t('fork.settings_default_info')}
          htmlFor="settings-fork-setting"
        >
          <Select
            id="settings-fork-setting"
            data-testid="fork-setting-select"
            className="w-56 shrink-0"
            options={FORK_OPTIONS.map((option) => ({ value: option, label: t(`fork.${FORK_OPTION_KEYS[option]}`) }))}
            value={forkSetting || DEFAULT_FORK_OPTION}
            onValueChange={(chosen) => {
              const option = parseForkOption(chosen);
              if (option) setForkSettings({ forkSetting: option });
            }}
          />
        </SettingsRow>
      ) : null}
      <SettingsRow
        label={t('fork.settings_split_target')}
        description={t('fork.settings_split_target_info')}
        htmlFor="settings-splitAtTarget"
      >
        <Switch
          id="settings-splitAtTarget"
          isChecked={splitAtTarget}
          onCheckedChange={(isChecked) => setForkSettings({ splitAtTarget: isChecked })}
          data-testid="settings-switch-splitAtTarget"
        />
      </SettingsRow>
    </>
  );
}

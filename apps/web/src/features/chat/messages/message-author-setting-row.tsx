import { useTranslation } from 'react-i18next';
import { PreferenceSwitchRow } from '../../settings/preference-switch-row';

/** Settings → Account's "Display username in messages" (SPEC 2; where LibreChat keeps it too). */
export function MessageAuthorSettingRow() {
  const { t } = useTranslation('chat');
  return (
    <PreferenceSwitchRow
      name="UsernameDisplay"
      label={t('settings.username_display')}
      description={t('settings.username_display_description')}
    />
  );
}

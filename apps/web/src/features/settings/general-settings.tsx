import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../components/ui/select';
import { isUiLanguage } from '../../lib/language';
import { isThemePreference, THEME_PREFERENCES } from '../../lib/theme';
import { getUiLanguageOptions } from '../language/language-options';
import { useLanguage } from '../language/use-language';
import { useTheme } from '../theme/use-theme';
import { ConversationSettingsRows } from './conversation-settings-rows';
import { PreferenceSwitchRow } from './preference-switch-row';
import { SettingsRow } from './settings-row';

/**
 * The General tab: theme, language, how the user's messages render and where a conversation
 * opens (each applied at once and remembered), archived chats and bookmarks.
 */
export function GeneralSettings() {
  const { t, i18n } = useTranslation(['nav', 'common', 'chat']);
  const { preference, setPreference } = useTheme();
  const { choice, setChoice } = useLanguage();
  const languageOptions = useMemo(
    () => getUiLanguageOptions(i18n.language, t('common:language_auto')),
    [i18n.language, t],
  );
  const themeOptions = THEME_PREFERENCES.map((value) => ({ value, label: t(`common:theme_${value}`) }));

  return (
    <div>
      <SettingsRow label={t('common:theme')} description={t('settings_theme_description')} htmlFor="settings-theme">
        <Select
          id="settings-theme"
          data-testid="theme-select"
          className="w-40"
          options={themeOptions}
          value={preference}
          onValueChange={(chosen) => isThemePreference(chosen) && setPreference(chosen)}
        />
      </SettingsRow>
      <SettingsRow label={t('common:language')} description={t('settings_language_description')} htmlFor="settings-language">
        <Select
          id="settings-language"
          data-testid="language-select"
          className="w-48"
          options={languageOptions}
          value={choice}
          onValueChange={(chosen) => isUiLanguage(chosen) && void setChoice(chosen)}
        />
      </SettingsRow>
      <PreferenceSwitchRow
        name="enableUserMsgMarkdown"
        label={t('chat:settings.user_markdown')}
        description={t('chat:settings.user_markdown_description')}
      />
      <PreferenceSwitchRow
        name="autoScroll"
        label={t('chat:settings.auto_scroll')}
        description={t('chat:settings.auto_scroll_description')}
      />
      <ConversationSettingsRows />
    </div>
  );
}

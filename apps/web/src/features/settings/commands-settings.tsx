import { useTranslation } from 'react-i18next';
import { useCanMultiConvo } from '../chat/multi-convo/use-can-multi-convo';
import { usePromptPermissions } from '../prompts/prompt-queries';
import { PreferenceSwitchRow } from './preference-switch-row';

/**
 * The Commands tab (SPEC 2): the chat input's "@", "/" and "+" commands, each on by default and
 * kept in this browser. "/" shows with PROMPTS USE (and prompts on in the interface), "+" with
 * MULTI_CONVO USE, as those commands do.
 */
export function CommandsSettings() {
  const { t } = useTranslation('chat');
  const { canUse: canUsePrompts } = usePromptPermissions();
  const canMultiConvo = useCanMultiConvo();
  return (
    <div data-testid="commands-settings">
      <PreferenceSwitchRow
        name="atCommand"
        label={t('settings.at_command')}
        description={t('settings.at_command_description')}
      />
      {canUsePrompts ? (
        <PreferenceSwitchRow
          name="slashCommand"
          label={t('settings.slash_command')}
          description={t('settings.slash_command_description')}
        />
      ) : null}
      {canMultiConvo ? (
        <PreferenceSwitchRow
          name="plusCommand"
          label={t('settings.plus_command')}
          description={t('settings.plus_command_description')}
        />
      ) : null}
    </div>
  );
}

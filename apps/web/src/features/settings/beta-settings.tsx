import { isShadcnAvailable, type ArtifactToggleName } from '@confab/shared';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../components/ui/switch';
import { cn } from '../../lib/cn';
import { setArtifactToggle } from './artifact-preferences';
import { useChatPreferences } from './chat-preferences';
import { SettingsRow } from './settings-row';

/** The switches in the order the tab lists them, with their locale key stems. */
const ROWS: readonly { name: ArtifactToggleName; labelKey: string }[] = [
  { name: 'codeArtifacts', labelKey: 'code_artifacts' },
  { name: 'includeShadcnui', labelKey: 'include_shadcnui' },
  { name: 'customPromptMode', labelKey: 'custom_prompt_mode' },
];

/**
 * The Beta tab (SPEC 2): code artifacts, and how the model is told about them. The two
 * dependent switches are shown but disabled while they cannot apply (SPEC 4), so the user sees
 * what turning artifacts on offers.
 */
export function BetaSettings() {
  const { t } = useTranslation('chat');
  const toggles = {
    codeArtifacts: useChatPreferences((s) => s.codeArtifacts),
    includeShadcnui: useChatPreferences((s) => s.includeShadcnui),
    customPromptMode: useChatPreferences((s) => s.customPromptMode),
  };
  const isEnabled: Record<ArtifactToggleName, boolean> = {
    codeArtifacts: true,
    includeShadcnui: isShadcnAvailable(toggles),
    customPromptMode: toggles.codeArtifacts,
  };
  return (
    <div data-testid="beta-settings">
      {ROWS.map(({ name, labelKey }) => (
        // The row's own bottom line goes (it is its wrapper's last child); the wrapper draws it,
        // so the dependent rows can be indented. Only the switch dims while it cannot apply: dimmed
        // text would fall below WCAG AA contrast (accessibility-contrast.spec.ts).
        <div
          key={name}
          className={cn(
            'border-b border-line last:border-b-0',
            name !== 'codeArtifacts' && 'ps-5',
          )}
          data-testid={`settings-row-${name}`}
        >
          <SettingsRow
            label={t(`settings.${labelKey}`)}
            description={t(`settings.${labelKey}_description`)}
            htmlFor={`settings-${name}`}
          >
            <Switch
              id={`settings-${name}`}
              isChecked={toggles[name]}
              disabled={!isEnabled[name]}
              onCheckedChange={(checked) => setArtifactToggle(name, checked)}
              className="disabled:cursor-not-allowed disabled:opacity-50"
              data-testid={`settings-switch-${name}`}
            />
          </SettingsRow>
        </div>
      ))}
    </div>
  );
}

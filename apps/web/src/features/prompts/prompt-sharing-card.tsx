import type { PromptGroup } from '@confab/shared';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../components/ui/switch';
import { SettingsRow } from '../settings/settings-row';
import { PromptCard } from './prompt-fields';
import { useUpdatePromptGroup } from './use-prompt-mutations';

/**
 * Sharing a prompt with every user (PROMPTS SHARED_GLOBAL: the instance project, as LibreChat),
 * and whether those users may add versions. Without SHARED_GLOBAL a shared prompt can still be
 * taken back, not shared anew.
 */
export function PromptSharingCard({
  group,
  isShared,
  canShareGlobal,
  instanceProjectId,
}: {
  group: PromptGroup;
  isShared: boolean;
  canShareGlobal: boolean;
  instanceProjectId: string;
}) {
  const { t } = useTranslation('prompts');
  const update = useUpdatePromptGroup(group._id);
  if (!canShareGlobal && !isShared) return null;
  const isCollaborative = group.isCollaborative === true;

  return (
    <PromptCard title={t('sharing')} testId="prompt-sharing">
      <div className="-my-3.5">
        <SettingsRow label={t('share_everyone')} description={t('share_everyone_hint')} htmlFor="prompt-share-everyone">
          <Switch
            id="prompt-share-everyone"
            isChecked={isShared}
            disabled={update.isPending || (!canShareGlobal && !isShared)}
            onCheckedChange={(isOn) =>
              update.mutate(
                isOn
                  ? { projectIds: [instanceProjectId], successMessage: t('shared_now') }
                  : { removeProjectIds: [instanceProjectId], successMessage: t('unshared_now') },
              )
            }
            data-testid="prompt-share-everyone"
          />
        </SettingsRow>
        {isShared ? (
          <SettingsRow label={t('others_edit')} description={t('others_edit_hint')} htmlFor="prompt-others-edit">
            <Switch
              id="prompt-others-edit"
              isChecked={isCollaborative}
              disabled={update.isPending}
              onCheckedChange={(isOn) =>
                update.mutate({
                  isCollaborative: isOn,
                  successMessage: isOn ? t('others_edit_on') : t('others_edit_off'),
                })
              }
              data-testid="prompt-others-edit"
            />
          </SettingsRow>
        ) : null}
      </div>
    </PromptCard>
  );
}

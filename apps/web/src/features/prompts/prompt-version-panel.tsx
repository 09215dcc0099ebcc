import type { PromptType, PromptVersion } from '@confab/shared';
import { BadgeCheck, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { PromptCard } from './prompt-fields';
import { PromptLabelsEditor } from './prompt-labels-editor';
import { editableLabels } from './prompt-rules';
import { PromptTextField } from './prompt-text-field';
import { useMakePromptProduction, useSavePromptVersion, useUpdatePromptLabels } from './use-prompt-mutations';

/**
 * The version being viewed: its text (an edit is saved as a new version, never over this one),
 * its labels, and what can be done with it: restore it as the newest, make it the production
 * version, delete it. Mounted per version (keyed by its id), so a pick starts from its text.
 */
export function PromptVersionPanel({
  groupId,
  version,
  number,
  isLatest,
  isProduction,
  onSaved,
  onDelete,
}: {
  groupId: string;
  version: PromptVersion;
  number: number;
  isLatest: boolean;
  isProduction: boolean;
  onSaved(versionId: string): void;
  /** Absent when the user may not delete versions. */
  onDelete?: () => void;
}) {
  const { t } = useTranslation('prompts');
  const [text, setText] = useState(version.prompt);
  const [type, setType] = useState<PromptType>(version.type === 'chat' ? 'chat' : 'text');
  const save = useSavePromptVersion(groupId);
  const labels = useUpdatePromptLabels(groupId);
  const production = useMakePromptProduction(groupId);
  const isDirty = text !== version.prompt || type !== version.type;
  // The server's own `production` tag is not the user's to remove: it rides along unchanged.
  const keptLabels = version.labels.filter((l) => l === 'production');

  const saveAsNew = (isRestore: boolean) =>
    save.mutate({ prompt: text, type, isRestore }, { onSuccess: (result) => onSaved(result.prompt._id) });

  return (
    <PromptCard
      title={
        <span className="flex items-center gap-2">
          {t('version_n', { n: number })}
          {isProduction ? (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-[11px] font-medium text-accent"
              data-testid="prompt-production-badge"
            >
              <BadgeCheck className="size-3" aria-hidden />
              {t('production')}
            </span>
          ) : null}
          {isLatest ? <span className="text-xs font-normal text-fg-tertiary">{t('latest')}</span> : null}
        </span>
      }
      testId="prompt-version-panel"
    >
      <div className="flex flex-col gap-4">
        <PromptTextField label={t('text')} text={text} type={type} onTextChange={setText} onTypeChange={setType} />
        <PromptLabelsEditor
          labels={editableLabels(version.labels)}
          onChange={(next) => labels.mutate({ promptId: version._id, labels: [...keptLabels, ...next] })}
        />
        <div className="flex flex-wrap items-center gap-2 border-t border-line pt-4">
          {isDirty ? (
            <>
              <Button
                size="sm"
                onClick={() => saveAsNew(false)}
                isLoading={save.isPending}
                disabled={!text.trim()}
                data-testid="prompt-save-version"
              >
                {t('save_version')}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setText(version.prompt);
                  setType(version.type === 'chat' ? 'chat' : 'text');
                }}
              >
                {t('discard')}
              </Button>
            </>
          ) : (
            <>
              {isProduction ? null : (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => production.mutate(version._id)}
                  isLoading={production.isPending}
                  data-testid="prompt-make-production"
                >
                  <BadgeCheck className="size-4" aria-hidden />
                  {t('make_production')}
                </Button>
              )}
              {isLatest ? null : (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => saveAsNew(true)}
                  isLoading={save.isPending}
                  data-testid="prompt-restore"
                >
                  <RotateCcw className="size-4" aria-hidden />
                  {t('restore')}
                </Button>
              )}
            </>
          )}
          {onDelete ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={onDelete}
              className="ms-auto text-fg-secondary hover:text-danger"
              data-testid="prompt-delete-version"
            >
              <Trash2 className="size-4" aria-hidden />
              {t('delete_version')}
            </Button>
          ) : null}
        </div>
      </div>
    </PromptCard>
  );
}

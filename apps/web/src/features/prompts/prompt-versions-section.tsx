import type { PromptGroup, PromptVersion } from '@confab/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../conversations/confirm-dialog';
import { PromptCompare } from './prompt-compare';
import { sortVersionsNewestFirst, versionNumbers } from './prompt-rules';
import { PromptVersionHistory } from './prompt-version-history';
import { PromptVersionPanel } from './prompt-version-panel';
import { useDeletePromptVersion } from './use-prompt-mutations';

/**
 * The editable part of a prompt: the version being viewed (production by default), the history,
 * and the comparison of two versions.
 */
export function PromptVersionsSection({
  group,
  versions: unsorted,
  canDelete,
  onGroupDeleted,
}: {
  group: PromptGroup;
  versions: PromptVersion[];
  /** Versions are deleted by who manages the prompt, not by collaborators. */
  canDelete: boolean;
  onGroupDeleted(): void;
}) {
  const { t } = useTranslation('prompts');
  const versions = useMemo(() => sortVersionsNewestFirst(unsorted), [unsorted]);
  const numbers = useMemo(() => versionNumbers(versions), [versions]);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [compare, setCompare] = useState<{ fromId: string; toId: string } | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const deleteVersion = useDeletePromptVersion(group._id);

  const selected =
    versions.find((v) => v._id === chosenId) ?? versions.find((v) => v._id === group.productionId) ?? versions[0];
  if (!selected) return null;
  const isOnlyVersion = versions.length === 1;
  const openCompare = () => {
    const index = versions.indexOf(selected);
    // The chosen version against the one before it (or, for the oldest, the one after it).
    const other = versions[index + 1] ?? versions[index - 1] ?? selected;
    const [older, newer] = index + 1 < versions.length ? [other, selected] : [selected, other];
    setCompare({ fromId: older._id, toId: newer._id });
  };
  const validCompare =
    compare && versions.some((v) => v._id === compare.fromId) && versions.some((v) => v._id === compare.toId)
      ? compare
      : null;

  return (
    <>
      <PromptVersionPanel
        key={selected._id}
        groupId={group._id}
        version={selected}
        number={numbers.get(selected._id) ?? 1}
        isLatest={selected === versions[0]}
        isProduction={selected._id === group.productionId}
        onSaved={(id) => setChosenId(id)}
        {...(canDelete ? { onDelete: () => setIsDeleting(true) } : {})}
      />
      {validCompare ? (
        <PromptCompare
          versions={versions}
          numbers={numbers}
          fromId={validCompare.fromId}
          toId={validCompare.toId}
          onChange={(fromId, toId) => setCompare({ fromId, toId })}
          onClose={() => setCompare(null)}
        />
      ) : null}
      <PromptVersionHistory
        versions={versions}
        numbers={numbers}
        productionId={group.productionId}
        selectedId={selected._id}
        onSelect={setChosenId}
        {...(isOnlyVersion ? {} : { onCompare: openCompare })}
      />
      <ConfirmDialog
        isOpen={isDeleting}
        onOpenChange={setIsDeleting}
        title={t('delete_version_title', { n: numbers.get(selected._id) ?? 1 })}
        confirmLabel={t('delete')}
        isPending={deleteVersion.isPending}
        onConfirm={() =>
          deleteVersion.mutate(selected._id, {
            onSuccess: () => {
              setIsDeleting(false);
              setChosenId(null);
              if (isOnlyVersion) onGroupDeleted();
            },
          })
        }
        testId="prompt-delete-version-dialog"
      >
        {isOnlyVersion ? t('delete_last_version_body') : t('delete_version_body')}
      </ConfirmDialog>
    </>
  );
}

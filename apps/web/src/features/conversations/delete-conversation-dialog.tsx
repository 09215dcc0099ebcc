import type { Conversation } from '@confab/shared';
import { Trans, useTranslation } from 'react-i18next';
import { NAME_IN_SENTENCE } from '../../components/ui/name-in-sentence';
import { ConfirmDialog } from './confirm-dialog';
import { useDeleteConversation } from './use-conversation-actions';

/** SPEC 2, Delete-conversation confirmation: shows the title, with cancel and delete. */
export function DeleteConversationDialog({
  conversation,
  isOpen,
  onOpenChange,
}: {
  conversation: Conversation | null;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
}) {
  const { t } = useTranslation('conversations');
  const remove = useDeleteConversation();
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('delete_title')}
      confirmLabel={t('delete')}
      testId="delete-conversation-dialog"
      onConfirm={() => {
        if (conversation) remove(conversation);
        onOpenChange(false);
      }}
    >
      <Trans
        t={t}
        i18nKey="delete_body"
        values={{ title: conversation?.title ?? '' }}
        components={NAME_IN_SENTENCE}
      />
    </ConfirmDialog>
  );
}

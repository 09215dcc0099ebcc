import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { showToast } from '../../components/ui/toast-store';
import { queryClient } from '../../lib/query-client';
import { dropConversations } from '../chat/stream/run-submission';
import { ConfirmDialog } from './confirm-dialog';
import { conversationKeys } from './conversation-queries';
import { deleteAllConversations } from './conversations-api';

/** Settings → Data → Delete all chats, behind a confirmation. */
export function DeleteAllChatsButton() {
  const { t } = useTranslation('conversations');
  const navigate = useNavigate();
  const [isConfirming, setIsConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: deleteAllConversations,
    // Let go of every stream at once (the server stops each reply before it deletes).
    onMutate: () => dropConversations('all'),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['conversation'] });
      queryClient.removeQueries({ queryKey: ['messages'] });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
      void queryClient.invalidateQueries({ queryKey: ['conversationTags'] });
      void queryClient.invalidateQueries({ queryKey: ['sharedLinks'] });
      void navigate('/c/new');
      showToast({ message: t('delete_all_done'), status: 'success' });
    },
    onError: () => showToast({ message: t('com_ui_convo_delete_error'), status: 'error' }),
    onSettled: () => setIsConfirming(false),
  });
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="border-danger-line text-danger hover:bg-danger-soft"
        onClick={() => setIsConfirming(true)}
        data-testid="delete-all-chats"
      >
        {t('delete_all')}
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('delete_all_title')}
        confirmLabel={t('delete_all_confirm')}
        isPending={remove.isPending}
        onConfirm={() => remove.mutate()}
        testId="delete-all-dialog"
      >
        {t('delete_all_body')}
      </ConfirmDialog>
    </>
  );
}

import { useEffect, useRef } from 'react';
import { dispatchAttachments, getAttachments } from '../../files/attachments-store';
import { attachmentFromMessageFile, messageFilesOf } from '../../files/message-files';
import { useChatStore } from '../stream/chat-store';
import { isRefusedSend } from './use-return-refused-text';

/** Gives the files of a refused send back to the input, as its text is (see useReturnRefusedText). */
export function useReturnRefusedFiles(conversationKey: string, draftId: string): void {
  const refused = useChatStore((s) => {
    const sub = s.submissions[conversationKey];
    return isRefusedSend(sub) ? sub : null;
  });
  const returned = useRef<string | null>(null);
  useEffect(() => {
    if (!refused || returned.current === refused.userMessage.messageId) return;
    returned.current = refused.userMessage.messageId;
    const files = messageFilesOf(refused.userMessage);
    if (files.length && getAttachments(draftId).length === 0)
      dispatchAttachments(draftId, { type: 'restored', attachments: files.map(attachmentFromMessageFile) });
  }, [refused, draftId]);
}

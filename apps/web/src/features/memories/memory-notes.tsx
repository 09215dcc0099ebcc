import { MEMORY_ATTACHMENT, type MemoryAttachment, type ReplyAttachment } from '@confab/shared';
import { useTranslation } from 'react-i18next';
import { MemoryNote } from './memory-note';
import { memoryNoteId } from './memory-undo';

function isMemoryAttachment(attachment: ReplyAttachment): attachment is MemoryAttachment {
  return attachment.type === MEMORY_ATTACHMENT;
}

/** Under a reply: a line for each memory the memory step saved or deleted while it was written. */
export function MemoryNotes({ attachments }: { attachments: readonly ReplyAttachment[] | undefined }) {
  const { t } = useTranslation('memories');
  const notes = attachments?.filter(isMemoryAttachment) ?? [];
  if (!notes.length) return null;
  return (
    <ul className="mt-2 flex flex-col gap-1" aria-label={t('title')} data-testid="memory-notes">
      {notes.map((attachment) => {
        const id = memoryNoteId(attachment);
        return <MemoryNote key={id} id={id} attachment={attachment} />;
      })}
    </ul>
  );
}

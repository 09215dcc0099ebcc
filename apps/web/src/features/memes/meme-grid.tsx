import { MEME_TOOLS } from '@confab/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { ToolCallBlock } from '../chat/messages/tools/tool-call-block';
import { getToolCallStatus, parseToolName } from '../chat/messages/tools/tool-call-status';
import { useMemeScope } from './meme-context';
import { memeGridColumns, type MemeGridSlot } from './meme-grid-blocks';
import { MemeImageSlot } from './meme-image-slot';
import { MemeSlotFrame } from './meme-slot-frame';
import { MemeVideoSlot } from './meme-video-slot';
import { MemeReactionButtons } from './reactions/meme-reaction-buttons';
import { useToolNameVisible } from './use-tool-name-visible';

/**
 * SPEC 9's tool grid: up to 4 memes of a reply side by side, 2 by 2 on phones and 4 across on wide
 * screens (memeGridColumns). Each slot can show its call's details (arguments, output, errors) in
 * the usual tool-call block under the grid.
 */
export default function MemeGrid({
  slots,
  isSubmitting,
  messageId,
  conversationId,
}: {
  slots: readonly MemeGridSlot[];
  isSubmitting: boolean;
  messageId: string;
  conversationId: string;
}) {
  const { t } = useTranslation('memes');
  const scope = useMemeScope();
  const isNameVisible = useToolNameVisible(isSubmitting);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const detailsCall = slots.find((s) => s.call.id === detailsId)?.call;
  const chatId = scope.conversationId ?? conversationId;

  return (
    <div className="my-3" data-testid="meme-grid-block">
      <div
        role="group"
        aria-label={t('grid_label')}
        className={cn('grid gap-2 sm:gap-3', memeGridColumns(slots.length))}
        data-testid="meme-grid"
      >
        {slots.map(({ call, kind, index }) => {
          // A stored call may lack an id; its content index is unique too.
          const key = call.id || `part-${index}`;
          const status = getToolCallStatus(call, isSubmitting);
          const name =
            call.name === MEME_TOOLS.image
              ? t('slot.image')
              : call.name === MEME_TOOLS.video
                ? t('slot.video')
                : parseToolName(call.name).tool;
          const frame = (body: ReactNode, actions: ReactNode) => (
            <MemeSlotFrame
              call={call}
              status={status}
              name={name}
              isNameVisible={isNameVisible}
              isDetailsOpen={detailsId === call.id}
              onToggleDetails={() => setDetailsId((id) => (id === call.id ? null : call.id))}
              actions={actions}
            >
              {body}
            </MemeSlotFrame>
          );
          const reactions = (
            <MemeReactionButtons
              conversationId={chatId}
              messageId={messageId}
              toolCallId={call.id}
              shareId={scope.shareId}
            />
          );
          return kind === 'image' ? (
            <MemeImageSlot
              key={key}
              call={call}
              status={status}
              reactions={reactions}
              frame={frame}
              editContext={scope.shareId ? undefined : { conversationId: chatId, messageId }}
            />
          ) : (
            <MemeVideoSlot
              key={key}
              call={call}
              status={status}
              isSubmitting={isSubmitting}
              messageId={messageId}
              shareId={scope.shareId}
              reactions={reactions}
              frame={frame}
            />
          );
        })}
      </div>
      {detailsCall ? (
        <ToolCallBlock key={detailsCall.id} call={detailsCall} isSubmitting={isSubmitting} defaultOpen />
      ) : null}
    </div>
  );
}

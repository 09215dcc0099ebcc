import { buildMessageTree, NO_PARENT, selectBranch, type Message, type TreeNode } from '@confab/shared';
import { memo, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SharedArtifactPanel } from '../artifacts/shared-artifact-panel';
import { PlainText } from '../chat/markdown/plain-text';
import { AssistantContent } from '../chat/messages/assistant-content';
import { MessageAvatar } from '../chat/messages/message-avatar';
import { SiblingSwitch } from '../chat/messages/sibling-switch';
import { MessageAttachments } from '../files/message-attachments';
import { messageFilesOf } from '../files/message-files';

const rowStyle = { contentVisibility: 'auto', containIntrinsicSize: 'auto 160px' } as const;

const SharedMessage = memo(function SharedMessage({
  node,
  shareId,
  siblingCount,
  onSelect,
}: {
  node: TreeNode<Message>;
  shareId: string;
  siblingCount: number;
  onSelect(parentKey: string, index: number): void;
}) {
  const { t } = useTranslation('share');
  const parentKey = node.parentMessageId && node.parentMessageId !== NO_PARENT ? node.parentMessageId : NO_PARENT;
  const select = useCallback(
    (index: number) => onSelect(parentKey, Math.max(0, Math.min(siblingCount - 1, index))),
    [onSelect, parentKey, siblingCount],
  );
  const switcher = <SiblingSwitch index={node.siblingIndex} count={siblingCount} onSelect={select} />;

  if (node.isCreatedByUser) {
    const files = messageFilesOf(node);
    return (
      <li
        className="flex flex-col items-end pt-6"
        style={rowStyle}
        data-testid="message"
        data-role="user"
        data-message-id={node.messageId}
      >
        {files.length ? <MessageAttachments files={files} shareId={shareId} className="mb-2 sm:max-w-[75%]" /> : null}
        <div
          className="max-w-[85%] rounded-3xl bg-surface-tertiary px-5 py-2.5 text-base leading-relaxed text-fg sm:max-w-[75%]"
          data-testid="message-text"
        >
          <PlainText content={node.text} />
        </div>
        {siblingCount > 1 ? <div className="mt-1">{switcher}</div> : null}
      </li>
    );
  }
  return (
    <li
      className="flex gap-3 pt-6 sm:gap-4"
      style={rowStyle}
      data-testid="message"
      data-role="assistant"
      data-message-id={node.messageId}
    >
      <MessageAvatar endpoint={node.endpoint} iconURL={node.iconURL ?? null} />
      <div className="min-w-0 flex-1">
        <div className="mb-1 flex h-8 items-center text-sm font-semibold text-fg select-none">
          {node.sender || t('assistant')}
        </div>
        <AssistantContent message={node} isStreaming={false} />
        {siblingCount > 1 ? <div className="mt-1.5 -ml-1.5">{switcher}</div> : null}
      </div>
    </li>
  );
});

/**
 * A shared conversation, read-only: the newest branch by default, with "i / n" at every fork
 * to look at the other versions. Rows off screen skip layout and paint (content-visibility).
 * Attached images load through the link (`shareId`), so a signed-out visitor sees them.
 */
export function SharedMessageTree({ messages, shareId }: { messages: readonly Message[]; shareId: string }) {
  const roots = useMemo(() => buildMessageTree(messages), [messages]);
  const [choices, setChoices] = useState<Record<string, number>>({});
  const branch = useMemo(() => selectBranch(roots, choices), [roots, choices]);
  const onSelect = useCallback(
    (parentKey: string, index: number) => setChoices((c) => ({ ...c, [parentKey]: index })),
    [],
  );

  return (
    <>
      <ol className="flex flex-col" data-testid="shared-messages">
        {branch.map((node, i) => {
          const parent = i > 0 ? branch[i - 1] : undefined;
          return (
            <SharedMessage
              key={node.messageId}
              node={node}
              shareId={shareId}
              siblingCount={parent ? parent.children.length : roots.length}
              onSelect={onSelect}
            />
          );
        })}
      </ol>
      <SharedArtifactPanel messages={branch} />
    </>
  );
}

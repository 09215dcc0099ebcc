import type { ContentPart, Message } from '@confab/shared';
import { Fragment, useMemo, type ReactNode } from 'react';
import { useStartupConfig } from '../../config/use-startup-config';
import { LazyMemeGrid } from '../../memes/lazy-meme-grid';
import { groupReplyBlocks, type ReplyBlock } from '../../memes/meme-grid-blocks';
import { splitErrorMessage } from '../errors/model-error';
import { ArtifactText } from '../../artifacts/artifact-text';
import { CodeRunScopeContext } from '../../code-run/code-run-scope';
import { partsOf } from '../stream/stream-reducer';
import { ErrorBox } from './error-box';
import { ThinkingDots } from './thinking-dots';
import { ThoughtsBlock } from './thoughts-block';
import { AgentPartView, isAgentPart } from './tools/content-part-view';
import { UnfinishedNotice } from './unfinished-notice';
import { SourcesList } from '../../web-search/sources-list';
import { CitationSourcesContext, citationSourcesOf, sourcesOf } from '../../web-search/web-search-sources';

/** The parts with their index in the message's content (the tool grid starts at a content index). */
function indexedParts(message: Message, keep: (part: ContentPart) => boolean) {
  return partsOf(message)
    .map((part, index) => ({ part, index }))
    .filter(({ part }) => keep(part));
}

/**
 * The body of a reply: reasoning, markdown text, tool calls (meme tool calls from
 * `interface.showToolGridAt` on in a grid), an error. While streaming, the last part carries the
 * cursor (or the thinking animation before any text).
 */
export function AssistantContent({
  message,
  isStreaming,
  canRunCode = false,
}: {
  message: Message;
  isStreaming: boolean;
  /** The owner's chat: code blocks of its text may run (features/code-run). */
  canRunCode?: boolean;
}) {
  const { data: config } = useStartupConfig();
  // A search's sources (issue 41): the chips of the text's [n] and the list under the reply.
  const sources = useMemo(() => sourcesOf(message.attachments), [message.attachments]);
  const citationSources = useMemo(() => citationSourcesOf(sources), [sources]);
  const showToolGridAt = config?.interface?.showToolGridAt ?? 0;
  const renderGrid = (block: Extract<ReplyBlock, { type: 'grid' }>, isSubmitting: boolean) => (
    <LazyMemeGrid
      key={`grid-${block.index}`}
      slots={block.slots}
      isSubmitting={isSubmitting}
      messageId={message.messageId}
      conversationId={message.conversationId}
    />
  );

  if (message.error && !isStreaming) {
    const { keptText, errorText } = splitErrorMessage(message);
    const before = groupReplyBlocks(
      indexedParts(message, (p) => p.type === 'think' || isAgentPart(p)),
      showToolGridAt,
    );
    return (
      <div data-testid="message-text">
        {before.map((block) =>
          block.type === 'grid' ? (
            renderGrid(block, false)
          ) : block.part.type === 'think' ? (
            <ThoughtsBlock
              key={block.index}
              text={block.part.think}
              isThinking={false}
              durationMs={block.part.durationMs}
            />
          ) : (
            <AgentPartView key={block.index} part={block.part} isSubmitting={false} attachments={message.attachments} />
          ),
        )}
        <CitationSourcesContext value={citationSources}>
          {keptText ? <ArtifactText message={message} partIndex={null} text={keptText} className="mb-3" /> : null}
        </CitationSourcesContext>
        <SourcesList sources={sources} />
        <ErrorBox errorText={errorText} endpoint={message.endpoint} messageId={message.messageId} />
      </div>
    );
  }
  const parts = indexedParts(message, (p) =>
    p.type === 'text'
      ? p.text.length > 0
      : p.type === 'think'
        ? p.think.length > 0
        : p.type === 'error' || isAgentPart(p),
  );
  const blocks = groupReplyBlocks(parts, showToolGridAt);
  const lastIndex = blocks.length - 1;
  const hasText = parts.some(({ part }) => part.type === 'text');
  const renderPart = (part: ContentPart, key: number, isLivePart: boolean): ReactNode => {
    if (part.type === 'think')
      return <ThoughtsBlock key={key} text={part.think} isThinking={isLivePart} durationMs={part.durationMs} />;
    if (part.type === 'text') {
      const text = (
        <ArtifactText key={key} message={message} partIndex={key} text={part.text} isStreaming={isLivePart} />
      );
      if (!canRunCode) return text;
      const scope = {
        messageId: message.messageId,
        conversationId: message.conversationId,
        partIndex: key,
        partText: part.text,
        isStreaming,
      };
      return (
        <CodeRunScopeContext key={key} value={scope}>
          {text}
        </CodeRunScopeContext>
      );
    }
    if (part.type === 'error')
      return <ErrorBox key={key} errorText={part.error} endpoint={message.endpoint} messageId={message.messageId} />;
    if (isAgentPart(part))
      return <AgentPartView key={key} part={part} isSubmitting={isStreaming} attachments={message.attachments} />;
    return <Fragment key={key} />;
  };
  return (
    <div data-testid="message-text">
      <CitationSourcesContext value={citationSources}>
        {blocks.map((block, i) =>
          block.type === 'grid'
            ? renderGrid(block, isStreaming)
            : renderPart(block.part, block.index, isStreaming && i === lastIndex),
        )}
      </CitationSourcesContext>
      {isStreaming && !hasText && parts.every(({ part }) => part.type !== 'think' && !isAgentPart(part)) ? (
        <ThinkingDots />
      ) : null}
      <SourcesList sources={sources} />
      {!isStreaming && message.unfinished ? <UnfinishedNotice /> : null}
    </div>
  );
}

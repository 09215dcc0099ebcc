import type { Message } from '@confab/shared';
import { Fragment } from 'react';
import { splitErrorMessage } from '../errors/model-error';
import { Markdown } from '../markdown/lazy-markdown';
import { partsOf } from '../stream/stream-reducer';
import { ErrorBox } from './error-box';
import { ThinkingDots } from './thinking-dots';
import { ThoughtsBlock } from './thoughts-block';
import { AgentPartView, isAgentPart } from './tools/content-part-view';
import { UnfinishedNotice } from './unfinished-notice';

/**
 * The body of a reply: reasoning, markdown text, an error. While streaming, the last part
 * carries the cursor (or the thinking animation before any text).
 */
export function AssistantContent({ message, isStreaming }: { message: Message; isStreaming: boolean }) {
  if (message.error && !isStreaming) {
    const { keptText, errorText } = splitErrorMessage(message);
    const before = partsOf(message).filter((p) => p.type === 'think' || isAgentPart(p));
    return (
      <div data-testid="message-text">
        {before.map((p, i) =>
          p.type === 'think' ? (
            <ThoughtsBlock key={i} text={p.think} isThinking={false} />
          ) : (
            <AgentPartView key={i} part={p} isSubmitting={false} />
          ),
        )}
        {keptText ? <Markdown content={keptText} className="mb-3" /> : null}
        <ErrorBox errorText={errorText} endpoint={message.endpoint} />
      </div>
    );
  }
  const parts = partsOf(message).filter((p) =>
    p.type === 'text'
      ? p.text.length > 0
      : p.type === 'think'
        ? p.think.length > 0
        : p.type === 'error' || isAgentPart(p),
  );
  const lastIndex = parts.length - 1;
  const hasText = parts.some((p) => p.type === 'text');
  return (
    <div data-testid="message-text">
      {parts.map((part, i) => {
        const isLivePart = isStreaming && i === lastIndex;
        if (part.type === 'think') return <ThoughtsBlock key={i} text={part.think} isThinking={isLivePart} />;
        if (part.type === 'text') return <Markdown key={i} content={part.text} isStreaming={isLivePart} />;
        if (part.type === 'error') return <ErrorBox key={i} errorText={part.error} endpoint={message.endpoint} />;
        if (isAgentPart(part)) return <AgentPartView key={i} part={part} isSubmitting={isStreaming} />;
        return <Fragment key={i} />;
      })}
      {isStreaming && !hasText && parts.every((p) => p.type !== 'think' && !isAgentPart(p)) ? <ThinkingDots /> : null}
      {!isStreaming && message.unfinished ? <UnfinishedNotice /> : null}
    </div>
  );
}

import { readArtifacts, type Message } from '@confab/shared';
import { useMemo } from 'react';
import { Markdown } from '../chat/markdown/lazy-markdown';
import { ArtifactCard } from './artifact-card';
import { splitArtifactSegments } from './artifact-segments';

/** How many artifacts the message's text parts before `partIndex` hold (the first one's `index` here). */
function artifactsBefore(message: Pick<Message, 'content'>, partIndex: number | null): number {
  if (partIndex === null || !message.content) return 0;
  return message.content
    .slice(0, partIndex)
    .reduce((count, part) => count + (part.type === 'text' ? readArtifacts(part.text).length : 0), 0);
}

/**
 * A text of a reply as markdown, its artifacts as cards that open the side panel. A text without
 * artifacts is the plain markdown it always was.
 */
export function ArtifactText({
  message,
  partIndex,
  text,
  isStreaming = false,
  className,
}: {
  message: Pick<Message, 'messageId' | 'content'>;
  /** The text's place in the message's content; null for the message's text itself. */
  partIndex: number | null;
  text: string;
  isStreaming?: boolean;
  className?: string;
}) {
  const segments = useMemo(() => splitArtifactSegments(text, isStreaming), [text, isStreaming]);
  const firstIndex = useMemo(
    () => (segments ? artifactsBefore(message, partIndex) : 0),
    [segments, message, partIndex],
  );
  if (!segments) return <Markdown content={text} isStreaming={isStreaming} className={className} />;
  const last = segments.length - 1;
  let index = firstIndex;
  return (
    <div className={className}>
      {segments.map((segment, i) => {
        if (segment.type === 'markdown') {
          return <Markdown key={i} content={segment.text} isStreaming={isStreaming && i === last} />;
        }
        const artifactIndex = index++;
        return (
          <ArtifactCard
            key={i}
            block={segment.block}
            messageId={message.messageId}
            index={artifactIndex}
            isGenerating={isStreaming && !segment.block.isClosed}
          />
        );
      })}
    </div>
  );
}

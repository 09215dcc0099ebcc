import { artifactId, artifactTextsOf, readArtifacts, type ArtifactBlock, type Message } from '@confab/shared';

/** SPEC 3's Artifact, as the panel shows it. */
export interface Artifact {
  id: string;
  identifier: string;
  title: string;
  type: string;
  content: string;
  messageId: string;
  /** Its place among its message's artifacts (the edit route's `index`). */
  index: number;
  lastUpdateTime: number;
  /** Its closing `:::` has not arrived yet. */
  isOpenEnded: boolean;
}

/** Where an artifact is: stable while it streams (its title, and so its id, may still change). */
export interface ArtifactRef {
  messageId: string;
  index: number;
}

type ArtifactMessage = Pick<Message, 'messageId' | 'text' | 'content' | 'updatedAt' | 'isCreatedByUser'>;

/**
 * A message's artifacts, in order (replies only: a person's message shows as typed). For a reply
 * streaming in (`liveAt`: when it was read), an artifact whose `:::artifact{...}` line is still
 * being written is left out: it would show under SPEC 3's default title for a moment.
 */
export function messageArtifacts(message: ArtifactMessage, liveAt?: number): Artifact[] {
  if (message.isCreatedByUser) return [];
  const texts = artifactTextsOf(message);
  if (!texts.some((text) => text.includes(':::artifact'))) return [];
  const time = liveAt ?? (Date.parse(message.updatedAt) || 0);
  return texts
    .flatMap((text) => {
      const blocks = readArtifacts(text);
      return liveAt === undefined ? blocks : blocks.filter((block) => hasOpeningLine(text, block));
    })
    .map((block, index) => ({
      id: artifactId({ ...block, messageId: message.messageId }),
      identifier: block.identifier,
      title: block.title,
      type: block.type,
      content: block.content,
      messageId: message.messageId,
      index,
      lastUpdateTime: time,
      isOpenEnded: !block.isClosed,
    }));
}

/** Whether the `:::artifact{...}` line of a block has been written to its end. */
export function hasOpeningLine(text: string, block: ArtifactBlock): boolean {
  return text.indexOf('\n', block.start) !== -1;
}

/** The artifacts of the messages shown (the visible branch, oldest first), in order. */
export function conversationArtifacts(messages: readonly ArtifactMessage[]): Artifact[] {
  return messages.flatMap((message) => messageArtifacts(message));
}

export function findArtifact(artifacts: readonly Artifact[], ref: ArtifactRef | null): Artifact | null {
  if (!ref) return null;
  return artifacts.find((a) => a.messageId === ref.messageId && a.index === ref.index) ?? null;
}

/**
 * The versions of an artifact: every artifact of the conversation with its identifier, oldest
 * first (a model writes a new version by using the same identifier later in the conversation).
 * An artifact without an identifier of its own is only itself.
 */
export function versionsOf(artifacts: readonly Artifact[], artifact: Artifact): Artifact[] {
  if (artifact.identifier === 'no-identifier') return [artifact];
  return artifacts.filter((a) => a.identifier === artifact.identifier);
}

import type { ImportFormat, ModelSettings } from '@confab/shared';

/** One message as an importer reads it, before ids are replaced and limits applied. */
export interface RawMessage {
  /** Unique within its conversation: the source's id, or one the importer makes up. */
  id: string;
  /** The parent's source id; null, or an id not in the conversation, makes a root. */
  parentId: string | null;
  isCreatedByUser: boolean;
  /** Display name; defaults to "User" or the conversation's assistant label. */
  sender?: string | undefined;
  text: string;
  /** Model reasoning shown apart from the answer (a `think` content part). */
  reasoning?: string | undefined;
  /** ISO time; undefined when the source has none or one that does not parse. */
  createdAt?: string | undefined;
  model?: string | null | undefined;
  /**
   * Not imported (system prompts, hidden or empty nodes), but its children still hang on its
   * nearest imported ancestor, so skipping never breaks the tree.
   */
  skip?: boolean | undefined;
}

export interface RawConversation {
  title?: string | null | undefined;
  createdAt?: string | undefined;
  updatedAt?: string | undefined;
  endpoint?: string | null | undefined;
  endpointType?: string | null | undefined;
  model?: string | null | undefined;
  settings?: ModelSettings | undefined;
  /** Sender of assistant messages that name none (e.g. "ChatGPT"). */
  assistantLabel?: string | undefined;
  messages: RawMessage[];
}

/**
 * One export format. Conversations are found in `collections`: `$` for the elements of a
 * top-level array, a dotted key path for an array inside the top-level object (streamed element
 * by element), or `root` for a format that is one object read whole.
 */
export interface Importer {
  format: ImportFormat;
  /** The product's name, for error messages. */
  label: string;
  collections: readonly string[];
  /** A cheap look at the shape: one collection element, or the whole object for `root`. */
  detect(value: unknown): boolean;
  /** Validates with zod (throws InvalidImportError) and reads the conversations out. */
  read(value: unknown): RawConversation[];
}

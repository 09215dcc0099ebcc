import {
  buildMessageTree,
  messageText,
  selectBranch,
  webSearchSourcesOf,
  type ConversationExportFile,
  type ExportFormat,
  type Message,
} from '@confab/shared';
import type { Db } from '../../db/database.js';
import { attachmentHeader } from '../../platform/content-disposition.js';
import { AppError } from '../../platform/errors.js';
import { findConversation, toConversation } from '../conversations/conversations.repo.js';
import { listMessages, toMessage } from '../messages/messages.repo.js';

export interface ExportedFile {
  body: string;
  contentType: string;
  filename: string;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  json: 'application/json; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

/** One of the caller's conversations as a download; someone else's is a 404, as if it did not exist. */
export async function exportConversation(db: Db, userId: string, conversationId: string, format: ExportFormat): Promise<ExportedFile> {
  const row = await findConversation(db.kysely, userId, conversationId);
  if (!row) throw new AppError('not_found', 'Conversation not found');
  const conversation = toConversation(row);
  const messages = (await listMessages(db.kysely, userId, conversationId)).map(toMessage);
  const body = format === 'json' ? toJson(conversation, messages) : toText(conversation.title, messages, format);
  return { body, contentType: CONTENT_TYPES[format], filename: `${conversation.title}.${format}` };
}

/**
 * LibreChat's export shape with every branch, flat (`recursive: false`): a tree of thousands of
 * messages nested `children` deep is slow to parse and overflows recursive readers.
 */
function toJson(conversation: ReturnType<typeof toConversation>, messages: Message[]): string {
  // Account fields stay out of a file that may be shared.
  const { conversationId, title, endpoint, user: _user, isArchived: _archived, tags: _tags, expiredAt: _expired, createdAt: _c, updatedAt: _u, ...options } =
    conversation;
  const file: ConversationExportFile = {
    conversationId,
    endpoint,
    title,
    exportAt: new Date().toISOString(),
    branches: true,
    recursive: false,
    options: { ...options, endpoint, title },
    messages: messages.map(({ children: _children, depth: _depth, siblingIndex: _index, ...m }) => m as unknown as Record<string, unknown>),
  };
  return JSON.stringify(file, null, 2);
}

/** The thread as the chat shows it: at every fork the newest sibling, as the UI opens it. */
function toText(title: string, messages: Message[], format: 'md' | 'txt'): string {
  const thread = selectBranch(buildMessageTree(messages));
  const heading = title.replace(/\s+/g, ' ').trim();
  const parts = format === 'md' ? [`# ${heading}`] : [`${heading}\n${'='.repeat(Math.min(heading.length, 80) || 1)}`];
  for (const m of thread) {
    const who = m.isCreatedByUser ? 'User' : 'AI';
    const text = messageText(m);
    parts.push(format === 'md' ? `**${who}**\n\n${text}` : `${who}:\n${text}`);
    const sources = sourcesText(m, format);
    if (sources) parts.push(sources);
  }
  return `${parts.join('\n\n')}\n`;
}

/** A reply's web sources (issue 41) after its text, numbered as its [n] cite them; '' for none. */
function sourcesText(message: Message, format: 'md' | 'txt'): string {
  const sources = webSearchSourcesOf(message.attachments);
  if (!sources.length) return '';
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  const lines = sources.map((s) =>
    format === 'md'
      ? `- \\[${s.index}\\] [${oneLine(s.title || s.link).replace(/[[\]\\]/g, '\\$&')}](<${s.link.replace(/[<>\s]/g, encodeURIComponent)}>)`
      : `[${s.index}] ${oneLine(s.title || s.link)} - ${s.link}`,
  );
  return format === 'md' ? `**Sources**\n\n${lines.join('\n')}` : `Sources:\n${lines.join('\n')}`;
}

/** Content-Disposition of an exported conversation (titles are cut to 80 characters). */
export const exportAttachmentHeader = (filename: string): string =>
  attachmentHeader(filename, { fallback: 'conversation', maxChars: 80 });

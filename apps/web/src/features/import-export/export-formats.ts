import { buildMessageTree, messageText, selectBranch, type Conversation, type Message, type TreeNode } from '@confab/shared';
import { safeFileBaseName } from '../conversations/conversations-api';

/** The file types of the Export dialog (LibreChat's ExportModal, "webpage" aside). */
export const EXPORT_TYPES = ['json', 'md', 'txt', 'csv', 'png'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

export interface ExportOptions {
  /** Every message of every branch, rather than the path the chat shows. */
  allBranches: boolean;
  /** The conversation's parameters (model, temperature, …) in the file. */
  includeOptions: boolean;
  /** JSON only: messages nested under `children` (LibreChat's `messagesTree`) instead of a flat list. */
  isRecursive: boolean;
}

/** Which options apply to which type, as LibreChat's dialog enables them. */
export const supportsBranches = (type: ExportType): boolean => type !== 'png';
export const supportsOptions = (type: ExportType): boolean => type !== 'csv' && type !== 'png';
export const supportsRecursive = (type: ExportType): boolean => type === 'json';

type Node = TreeNode<Message>;

/**
 * The messages to export, parents before children: every message depth-first with all branches,
 * or the visible thread (`choices` are the chat's sibling choices; at any other fork the newest).
 */
export function selectExportMessages(
  messages: readonly Message[],
  allBranches: boolean,
  choices: Readonly<Record<string, number>> = {},
): Node[] {
  const roots = buildMessageTree(messages);
  if (!allBranches) return selectBranch(roots, choices);
  const ordered: Node[] = [];
  // Iterative: a 10,000-message chain would overflow the stack recursively.
  const stack = [...roots].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    ordered.push(node);
    stack.push(...[...node.children].reverse());
  }
  return ordered;
}

/** The conversation's settings without account fields, which stay out of a file that may be shared. */
export function conversationOptions(conversation: Conversation): Record<string, unknown> {
  const { user: _u, isArchived: _a, tags: _t, expiredAt: _e, createdAt: _c, updatedAt: _up, ...options } = conversation;
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== null && value !== undefined));
}

type PlainMessage = Omit<Message, 'children' | 'depth' | 'siblingIndex'>;
type NestedMessage = PlainMessage & { children: NestedMessage[] };

function plainMessage({ children: _c, depth: _d, siblingIndex: _s, ...message }: Node): PlainMessage {
  return message;
}

/** Rebuilds the nesting among the selected messages only (a visible path becomes a chain). */
function nestMessages(selected: readonly Node[]): NestedMessage[] {
  const byId = new Map<string, NestedMessage>();
  const roots: NestedMessage[] = [];
  for (const node of selected) {
    const nested: NestedMessage = { ...plainMessage(node), children: [] };
    byId.set(node.messageId, nested);
    const parent = byId.get(node.parentMessageId);
    if (parent) parent.children.push(nested);
    else roots.push(nested);
  }
  return roots;
}

/**
 * LibreChat's export JSON, which our import (Settings → Data) and LibreChat's both read back:
 * `messages` linked by `parentMessageId`, or with `recursive` a `messagesTree` of `children`.
 */
export function toExportJson(
  conversation: Conversation,
  selected: readonly Node[],
  options: ExportOptions,
  exportAt: Date = new Date(),
): string {
  const file: Record<string, unknown> = {
    conversationId: conversation.conversationId,
    endpoint: conversation.endpointType ?? conversation.endpoint,
    title: conversation.title,
    exportAt: exportAt.toISOString(),
    branches: options.allBranches,
    recursive: options.isRecursive,
  };
  if (options.includeOptions) file.options = conversationOptions(conversation);
  if (options.isRecursive) file.messagesTree = nestMessages(selected);
  else file.messages = selected.map(plainMessage);
  return JSON.stringify(file, null, 2);
}

const senderOf = (message: Message): string => message.sender || (message.isCreatedByUser ? 'User' : 'AI');

const optionLines = (conversation: Conversation): string[] =>
  Object.entries(conversationOptions(conversation)).map(
    ([key, value]) => `- ${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
  );

/** Markdown: the title, the parameters when asked for, then each message under its sender. */
export function toExportMarkdown(
  conversation: Conversation,
  selected: readonly Node[],
  options: ExportOptions,
): string {
  const parts = [`# ${oneLine(conversation.title)}`];
  if (options.includeOptions) parts.push(`## Options\n${optionLines(conversation).join('\n')}`);
  parts.push('## History');
  for (const message of selected) parts.push(`**${oneLine(senderOf(message))}**\n\n${messageText(message)}`);
  return `${parts.join('\n\n')}\n`;
}

/** Plain text: the same as Markdown, without markup. */
export function toExportText(conversation: Conversation, selected: readonly Node[], options: ExportOptions): string {
  const title = oneLine(conversation.title);
  const parts = [`${title}\n${'='.repeat(Math.min(title.length, 80) || 1)}`];
  if (options.includeOptions) parts.push(`Options:\n${optionLines(conversation).join('\n')}`);
  for (const message of selected) parts.push(`${oneLine(senderOf(message))}:\n${messageText(message)}`);
  return `${parts.join('\n\n')}\n`;
}

/** LibreChat's CSV columns, one row per message. */
export const CSV_COLUMNS = [
  'sender',
  'text',
  'isCreatedByUser',
  'error',
  'unfinished',
  'messageId',
  'parentMessageId',
  'createdAt',
] as const;

/**
 * RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. A text a
 * spreadsheet would run as a formula (=, +, -, @, a tab or carriage return first) gets a leading
 * apostrophe: a chat's text is somebody else's words, opened by the user in Excel.
 */
export function csvField(value: unknown): string {
  const raw = value === null || value === undefined ? '' : String(value);
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toExportCsv(selected: readonly Node[]): string {
  const rows = [CSV_COLUMNS.join(',')];
  // An agent's reply keeps its text in content parts (`text` is ""): the column takes it from there.
  for (const message of selected)
    rows.push(CSV_COLUMNS.map((column) => csvField(column === 'text' ? messageText(message) : message[column])).join(','));
  // CRLF as RFC 4180 has it; spreadsheets read either.
  return `${rows.join('\r\n')}\r\n`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The file name typed in the dialog, made safe as the server's exports are, with the type's
 * extension once; an empty name falls back to "conversation".
 */
export function exportFileNameFor(name: string, type: ExportType): string {
  const extension = `.${type}`;
  const base = safeFileBaseName(name);
  return base.toLowerCase().endsWith(extension) ? base : `${base}${extension}`;
}

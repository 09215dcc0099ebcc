import { randomUUID } from 'node:crypto';
import { DEFAULT_CONVERSATION_TITLE, IMPORT_LIMITS, MAX_MESSAGE_TEXT, NO_PARENT, type ContentPart, type ModelSettings } from '@confab/shared';
import { InvalidImportError } from './json-assembler.js';
import { makeWellFormed } from '../../platform/parse.js';
import type { RawConversation, RawMessage } from './importers/index.js';

export interface ImportedMessage {
  messageId: string;
  parentMessageId: string;
  isCreatedByUser: boolean;
  sender: string;
  text: string;
  content: ContentPart[] | null;
  model: string | null;
  createdAt: string;
}

export interface ImportedConversation {
  conversationId: string;
  title: string;
  endpoint: string | null;
  endpointType: string | null;
  model: string | null;
  settings: ModelSettings;
  createdAt: string;
  updatedAt: string;
  /** Parents before children. */
  messages: ImportedMessage[];
}

const EARLIEST_TIME = Date.UTC(1990, 0, 1);
const SHORT_FIELD_MAX = 256;

/**
 * Turns what an importer read into rows we can store: new ids (the old ones mapped to them
 * consistently), skipped nodes bridged, cycles refused, limits applied, timestamps checked, and
 * the messages ordered parents first. Returns null for a conversation with nothing to show.
 */
export function normalizeConversation(raw: RawConversation, now = Date.now()): ImportedConversation | null {
  const byId = new Map<string, RawMessage>();
  for (const m of raw.messages) if (!byId.has(m.id)) byId.set(m.id, m);

  const kept = new Map<string, RawMessage>();
  for (const m of byId.values()) {
    if (!m.skip && (m.text.trim() || m.reasoning?.trim())) kept.set(m.id, m);
  }
  if (!kept.size) return null;

  const parentOf = resolveParents(byId, kept);
  const order = parentsFirst(kept, parentOf);

  // Old ids map to new ones consistently; parents come first, so each is minted once, in order.
  const newIds = new Map<string, string>();
  const newId = (id: string): string => {
    let mapped = newIds.get(id);
    if (!mapped) newIds.set(id, (mapped = randomUUID()));
    return mapped;
  };

  const isSane = (ms: number | undefined): ms is number => ms !== undefined && ms >= EARLIEST_TIME && ms <= now + 86_400_000;
  const parse = (iso: string | undefined) => (iso ? Date.parse(iso) : undefined);
  const firstTimed = order.map((m) => parse(m.createdAt)).find(isSane);
  const declaredStart = parse(raw.createdAt);
  const start = isSane(declaredStart) ? declaredStart : (firstTimed ?? now);

  // Missing or bad times are set just after the parent (a bit more per sibling), and no child
  // is older than its parent, so thread and sibling order read the same as in the source.
  const timeOf = new Map<string, number>();
  const siblingCount = new Map<string | null, number>();
  const messages: ImportedMessage[] = [];
  for (const m of order) {
    const parent = parentOf.get(m.id) ?? null;
    const nth = (siblingCount.get(parent) ?? 0) + 1;
    siblingCount.set(parent, nth);
    const floor = parent === null ? start : (timeOf.get(parent) ?? start) + 1;
    const own = parse(m.createdAt);
    const time = isSane(own) ? Math.max(own, parent === null ? own : floor) : floor + nth - 1;
    timeOf.set(m.id, time);

    const text = cleanText(m.text, MAX_MESSAGE_TEXT);
    const reasoning = cleanText(m.reasoning ?? '', MAX_MESSAGE_TEXT);
    const assistantName = raw.assistantLabel ?? m.model ?? 'AI';
    messages.push({
      messageId: newId(m.id),
      parentMessageId: parent === null ? NO_PARENT : newId(parent),
      isCreatedByUser: m.isCreatedByUser,
      sender: cleanLine(m.sender || (m.isCreatedByUser ? 'User' : assistantName), SHORT_FIELD_MAX) || 'AI',
      text,
      content: reasoning.trim() ? [{ type: 'think', think: reasoning }, { type: 'text', text }] : null,
      model: m.model ? cleanLine(m.model, SHORT_FIELD_MAX) : null,
      createdAt: new Date(time).toISOString(),
    });
  }

  // Loops, not Math.min(...times): a 100,000-message spread would overflow the call stack.
  let createdAt = start;
  const declaredEnd = parse(raw.updatedAt);
  let updatedAt = isSane(declaredEnd) ? declaredEnd : 0;
  for (const time of timeOf.values()) {
    if (time < createdAt) createdAt = time;
    if (time > updatedAt) updatedAt = time;
  }
  const lastModel = [...messages].reverse().find((m) => !m.isCreatedByUser && m.model)?.model ?? null;
  // Untitled chats are named by their first question's first line, as the sidebar would show it.
  const firstUserLine = (messages.find((m) => m.isCreatedByUser)?.text ?? '').split('\n', 3).find((line) => line.trim()) ?? '';
  return {
    conversationId: randomUUID(),
    title: cleanLine(raw.title ?? '', IMPORT_LIMITS.titleMax) || cleanLine(firstUserLine, IMPORT_LIMITS.titleMax) || DEFAULT_CONVERSATION_TITLE,
    endpoint: raw.endpoint ? cleanLine(raw.endpoint, SHORT_FIELD_MAX) : null,
    endpointType: raw.endpointType ? cleanLine(raw.endpointType, SHORT_FIELD_MAX) : null,
    model: raw.model ? cleanLine(raw.model, SHORT_FIELD_MAX) : lastModel,
    settings: raw.settings ?? {},
    createdAt: new Date(createdAt).toISOString(),
    updatedAt: new Date(Math.max(updatedAt, createdAt)).toISOString(),
    messages,
  };
}

/**
 * Each kept message's parent: its nearest kept ancestor, walking through skipped nodes (with a
 * memo, so long skipped chains stay linear). A parent id not in the file makes a root; a loop
 * of parent links is refused.
 */
function resolveParents(byId: Map<string, RawMessage>, kept: Map<string, RawMessage>): Map<string, string | null> {
  const nearestKept = new Map<string, string | null>();
  const parentOf = new Map<string, string | null>();
  for (const [id, message] of kept) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let current = message.parentId;
    let found: string | null = null;
    while (current !== null) {
      const known = nearestKept.get(current);
      if (known !== undefined) {
        found = known;
        break;
      }
      const node = byId.get(current);
      if (!node) break;
      if (kept.has(current)) {
        found = current;
        break;
      }
      if (onPath.has(current)) throw cycleError();
      onPath.add(current);
      path.push(current);
      current = node.parentId;
    }
    for (const skipped of path) nearestKept.set(skipped, found);
    parentOf.set(id, found);
  }
  return parentOf;
}

/** Breadth-first from the roots; a message never reached sits on a loop of parent links. */
function parentsFirst(kept: Map<string, RawMessage>, parentOf: Map<string, string | null>): RawMessage[] {
  const children = new Map<string | null, RawMessage[]>();
  for (const message of kept.values()) {
    const parent = parentOf.get(message.id) ?? null;
    const list = children.get(parent);
    if (list) list.push(message);
    else children.set(parent, [message]);
  }
  const order = (children.get(null) ?? []).slice();
  // The array grows while it is walked: a breadth-first queue without shifting.
  for (const message of order) {
    for (const child of children.get(message.id) ?? []) order.push(child);
  }
  if (order.length !== kept.size) throw cycleError();
  return order;
}

const cycleError = () => new InvalidImportError('A conversation in the file has cyclic parent links between its messages.');

/**
 * NUL cannot be stored in PostgreSQL text; lone surrogates become U+FFFD (platform/parse.ts); cutting
 * must not leave half a surrogate pair.
 */
function cleanText(value: string, max: number): string {
  let text = makeWellFormed(value.includes('\u0000') ? value.replaceAll('\u0000', '') : value);
  if (text.length > max) {
    text = text.slice(0, max);
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) text = text.slice(0, -1);
  }
  return text;
}

/** One line of plain text (titles, names): whitespace collapsed, trimmed, capped. */
function cleanLine(value: string, max: number): string {
  return cleanText(value.slice(0, max * 4).replace(/\s+/g, ' ').trim(), max).trim();
}

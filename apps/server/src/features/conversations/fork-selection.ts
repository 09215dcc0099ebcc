import { NO_PARENT, type ForkOption } from '@confab/shared';

export interface TreeMessage {
  messageId: string;
  parentMessageId: string;
}

/** Parent key of a message: its parent if that is in the set, else the root key. */
function parentKey(ids: ReadonlySet<string>, m: TreeMessage): string {
  return m.parentMessageId !== NO_PARENT && ids.has(m.parentMessageId) && m.parentMessageId !== m.messageId ? m.parentMessageId : NO_PARENT;
}

/**
 * Depth of every message reachable from a root (0 for roots). Orphans whose parent is missing
 * count as roots, as the client's tree does; members of a parent cycle are never reached.
 */
export function messageDepths(messages: readonly TreeMessage[]): Map<string, number> {
  const ids = new Set(messages.map((m) => m.messageId));
  const children = new Map<string, TreeMessage[]>();
  for (const m of messages) {
    const key = parentKey(ids, m);
    children.set(key, [...(children.get(key) ?? []), m]);
  }
  const depths = new Map<string, number>();
  let level = children.get(NO_PARENT) ?? [];
  for (let depth = 0; level.length > 0; depth++) {
    const next: TreeMessage[] = [];
    for (const m of level) {
      if (depths.has(m.messageId)) continue;
      depths.set(m.messageId, depth);
      next.push(...(children.get(m.messageId) ?? []));
    }
    level = next;
  }
  return depths;
}

/** Ids from the root down to the target, or empty when the target is not in the set. */
function pathToTarget(messages: readonly TreeMessage[], targetId: string): string[] {
  const ids = new Set(messages.map((m) => m.messageId));
  const byId = new Map(messages.map((m) => [m.messageId, m]));
  const path: string[] = [];
  const seen = new Set<string>();
  let current = byId.get(targetId);
  while (current && !seen.has(current.messageId)) {
    seen.add(current.messageId);
    path.push(current.messageId);
    const parent = parentKey(ids, current);
    current = parent === NO_PARENT ? undefined : byId.get(parent);
  }
  return path.reverse();
}

/**
 * The messages a fork copies, in their original order (LibreChat's fork options):
 * - directPath: only the path from the root to the target;
 * - includeBranches: that path plus every sibling of a message on it (siblings of the root
 *   included), without the siblings' own replies and without anything below the target;
 * - targetLevel: every message, on any branch, no deeper than the target.
 * Returns an empty list when the target is not among the messages.
 */
export function selectForkMessages<T extends TreeMessage>(messages: readonly T[], targetId: string, option: ForkOption): T[] {
  const path = pathToTarget(messages, targetId);
  if (path.length === 0) return [];
  if (option === 'directPath') {
    const onPath = new Set(path);
    return messages.filter((m) => onPath.has(m.messageId));
  }
  if (option === 'includeBranches') {
    const ids = new Set(messages.map((m) => m.messageId));
    // A sibling shares a parent key with a path message; the path's parent keys are the root and every path message but the target.
    const siblingParents = new Set([NO_PARENT, ...path.slice(0, -1)]);
    return messages.filter((m) => siblingParents.has(parentKey(ids, m)));
  }
  const depths = messageDepths(messages);
  const targetDepth = depths.get(targetId) ?? 0;
  return messages.filter((m) => (depths.get(m.messageId) ?? Infinity) <= targetDepth);
}

/**
 * splitAtTarget: keeps the target's level and everything below it, on every branch; the
 * messages of the target's level become roots. The fork then starts at that level.
 */
export function splitAtTargetLevel<T extends TreeMessage>(messages: readonly T[], targetId: string): T[] {
  const depths = messageDepths(messages);
  const targetDepth = depths.get(targetId);
  if (targetDepth === undefined) return [];
  return messages.flatMap((m) => {
    const depth = depths.get(m.messageId);
    if (depth === undefined || depth < targetDepth) return [];
    return [depth === targetDepth ? { ...m, parentMessageId: NO_PARENT } : m];
  });
}

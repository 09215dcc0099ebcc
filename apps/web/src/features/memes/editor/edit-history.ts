/**
 * The editor's undo and redo: the document's states, most recent last. A change that carries a
 * `group` (a drag, the typing of one box's text) replaces the present while the same group goes
 * on, so the whole gesture is one step; any other change ends the group.
 */
export interface EditHistory<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
  /** The group the present belongs to, while it may still grow. */
  group: string | null;
}

/** At most this many steps back. */
export const HISTORY_LIMIT = 100;

export function createHistory<T>(present: T): EditHistory<T> {
  return { past: [], present, future: [], group: null };
}

export function pushHistory<T>(history: EditHistory<T>, next: T, group: string | null = null): EditHistory<T> {
  if (Object.is(next, history.present)) return history;
  if (group !== null && group === history.group) return { ...history, present: next, future: [] };
  const past = [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], group };
}

/** Ends the present group: the next change, even of the same group, is a step of its own. */
export function sealHistory<T>(history: EditHistory<T>): EditHistory<T> {
  return history.group === null ? history : { ...history, group: null };
}

export function undoHistory<T>(history: EditHistory<T>): EditHistory<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    group: null,
  };
}

export function redoHistory<T>(history: EditHistory<T>): EditHistory<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest, group: null };
}

export const canUndo = (history: EditHistory<unknown>) => history.past.length > 0;
export const canRedo = (history: EditHistory<unknown>) => history.future.length > 0;

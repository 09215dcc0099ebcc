/**
 * One followed stream: the store key its submission lives under (a new chat's until it becomes
 * its conversation's) and what its settling must tidy away.
 */
export interface Runner {
  key: string;
  controller: AbortController;
  /** Set for chats that started at /c/new. */
  newKey: string | null;
  sentText: string;
  /** The files of the new user message. */
  sentFileIds: string[];
  /** A temporary chat: its conversation has an expiry and is never titled. */
  isTemporary?: boolean;
  /** The added model's column of a multi-conversation send: it owns only its reply. */
  isAddedColumn?: boolean;
}

/** The streams this tab follows now: deleting a conversation or pressing stop reaches them here. */
export const runners = new Set<Runner>();

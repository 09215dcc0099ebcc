/**
 * File drafts (SPEC 4, Files): the ids of the files attached to an unsent message, per
 * conversation, beside the text drafts (`filesDraft_<conversationId>`, JSON). And the files
 * uploaded but not sent yet (`filesToDelete`, keyed by file id): once no draft names one any
 * more, nothing can send it, and it is deleted on the next load.
 */
export const FILE_DRAFT_KEY_PREFIX = 'filesDraft_';
export const TEMP_FILES_KEY = 'filesToDelete';

/** What DELETE /api/files needs of a temporary file. */
export interface TempFile {
  file_id: string;
  filepath?: string;
  source?: string;
  embedded?: boolean;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readJson(key: string): unknown {
  try {
    const raw = storage()?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or disabled storage: the draft is simply not kept.
  }
}

function remove(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

export function fileDraftKey(conversationId: string): string {
  return `${FILE_DRAFT_KEY_PREFIX}${conversationId}`;
}

/** The file ids of a conversation's draft (only strings: anything else stored there is ignored). */
export function loadFileDraft(conversationId: string): string[] {
  const value = readJson(fileDraftKey(conversationId));
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

export function saveFileDraft(conversationId: string, fileIds: readonly string[]): void {
  if (fileIds.length === 0) remove(fileDraftKey(conversationId));
  else writeJson(fileDraftKey(conversationId), [...new Set(fileIds)]);
}

export function removeFileDraft(conversationId: string): void {
  remove(fileDraftKey(conversationId));
}

/** Takes the sent files out of a conversation's draft (files attached since then stay). */
export function removeSentFromFileDraft(conversationId: string, sentIds: readonly string[]): void {
  if (sentIds.length === 0) return;
  saveFileDraft(
    conversationId,
    loadFileDraft(conversationId).filter((id) => !sentIds.includes(id)),
  );
}

/** Moves the file draft of a new conversation to its real id once the conversation exists. */
export function moveFileDraft(fromId: string, toId: string): void {
  if (fromId === toId) return;
  const ids = loadFileDraft(fromId);
  removeFileDraft(fromId);
  if (ids.length) saveFileDraft(toId, [...loadFileDraft(toId), ...ids]);
}

function storedKeys(prefix: string): string[] {
  const store = storage();
  if (!store) return [];
  const keys: string[] = [];
  try {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
  } catch {
    // Storage unavailable.
  }
  return keys;
}

/** Removes every file draft (the user turned "save drafts" off); their files become leftovers. */
export function removeAllFileDrafts(): void {
  for (const key of storedKeys(FILE_DRAFT_KEY_PREFIX)) remove(key);
}

function loadTempFiles(): Record<string, TempFile> {
  const value = readJson(TEMP_FILES_KEY);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const files: Record<string, TempFile> = {};
  for (const [id, file] of Object.entries(value as Record<string, unknown>)) {
    if (file && typeof file === 'object' && (file as TempFile).file_id === id) files[id] = file as TempFile;
  }
  return files;
}

/** Records a file uploaded for a message not sent yet. */
export function rememberTempFile(file: TempFile): void {
  writeJson(TEMP_FILES_KEY, { ...loadTempFiles(), [file.file_id]: file });
}

/** Forgets files that were sent or deleted: they are no longer temporary. */
export function forgetTempFiles(fileIds: readonly string[]): void {
  if (fileIds.length === 0) return;
  const files = loadTempFiles();
  let changed = false;
  for (const id of fileIds) {
    if (id in files) {
      delete files[id];
      changed = true;
    }
  }
  if (!changed) return;
  if (Object.keys(files).length) writeJson(TEMP_FILES_KEY, files);
  else remove(TEMP_FILES_KEY);
}

/**
 * The temporary files no draft names any more (the draft was discarded, or drafts are off),
 * minus those still attached on screen (`attachedIds`): nothing can send them, so they are
 * deleted on load.
 */
export function leftoverTempFiles(attachedIds: ReadonlySet<string> = new Set()): TempFile[] {
  const drafted = new Set<string>();
  for (const key of storedKeys(FILE_DRAFT_KEY_PREFIX))
    for (const id of loadFileDraft(key.slice(FILE_DRAFT_KEY_PREFIX.length))) drafted.add(id);
  return Object.values(loadTempFiles()).filter((f) => !drafted.has(f.file_id) && !attachedIds.has(f.file_id));
}

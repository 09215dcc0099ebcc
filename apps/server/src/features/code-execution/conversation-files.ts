import type { Db } from '../../db/database.js';
import type { StorageAdapter } from '../../platform/storage/storage.js';
import { conversationMessageFileIds } from '../files/conversation-file-ids.js';
import { findOwnedFiles, isExpired, type FileRow } from '../files/files.repo.js';
import type { CodeRunFileIn } from './code-runner.js';

/** Longest file name the working folder takes (the sandbox's own bound). */
const MAX_NAME_CHARS = 255;

/** A file's name as a plain name in the working folder: no folders, no NUL, never `.` or `..`. */
export function workingFolderName(filename: string): string {
  const plain = filename
    .replace(/[/\\\0]/g, '_')
    .trim()
    .slice(0, MAX_NAME_CHARS);
  return plain === '' || plain === '.' || plain === '..' ? 'file' : plain;
}

/**
 * The files a run can read at /mnt/data (issue 37): the files the conversation's messages carry
 * and `extraFileIds` (an agent's own files), each only if it is the user's (an agent's: its
 * author's, `extraFilesOwnerId`). A code run's own
 * files are not copied back: they are in the working folder already, maybe changed since. Two
 * files of one name: the newer wins, as a later upload of the same name would for the user.
 */
export async function conversationInputFiles(
  deps: { db: Db; storage: StorageAdapter },
  input: {
    userId: string;
    conversationId: string;
    extraFileIds?: readonly string[] | undefined;
    /** Whose the extra files are, when not the user's (a shared agent's are its author's). */
    extraFilesOwnerId?: string | undefined;
  },
): Promise<CodeRunFileIn[]> {
  const extraOwner = input.extraFilesOwnerId ?? input.userId;
  const ids = new Set(extraOwner === input.userId ? (input.extraFileIds ?? []) : []);
  for (const id of await conversationMessageFileIds(deps.db, input.userId, input.conversationId)) ids.add(id);
  const extra =
    extraOwner === input.userId ? [] : await findOwnedFiles(deps.db.kysely, extraOwner, input.extraFileIds ?? []);
  const files = [...extra, ...(await findOwnedFiles(deps.db.kysely, input.userId, [...ids]))]
    .filter((row) => row.context !== 'execute_code' && !isExpired(row))
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  const byName = new Map<string, FileRow>();
  for (const row of files) byName.set(workingFolderName(row.filename), row);
  return [...byName].map(([name, row]) => ({
    fileId: row.file_id,
    name,
    read: () => deps.storage.get(row.storage_key),
  }));
}

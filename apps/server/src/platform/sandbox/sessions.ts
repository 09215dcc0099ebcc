import { createHash } from 'node:crypto';
import { constants, createReadStream, type ReadStream } from 'node:fs';
import { chown, lstat, mkdir, open, readdir, readlink, rm, utimes } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { mimeOfFileName } from './mime.js';
import type { ProducedFile, SandboxInputFile } from './sandbox-types.js';

/**
 * Session folders: `<root>/<sessionId>/work` is what a run sees as /mnt/data. The session folder
 * itself (owned by the server, out of the sandbox's reach) carries the time of the last run, from
 * which unused sessions are removed. The server only ever reads or writes in a working folder
 * without following symbolic links: the code in it may have left links to anywhere.
 */

const SESSION_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** Entries walked in one working folder at most (a folder with more is over its limit). */
const MAX_ENTRIES = 100_000;
/** The least an entry counts toward the folder's limit: a file system block. */
const BLOCK_BYTES = 4096;
const MAX_DEPTH = 16;
/** Produced files listed for one run (the rest stay in the folder). */
const MAX_PRODUCED = 200;

export function assertSessionId(sessionId: string): void {
  if (!SESSION_ID.test(sessionId)) throw new Error('Invalid sandbox session id');
}

/** A per-user session id for a conversation: users never share a working folder. */
export function sandboxSessionId(userId: string, conversationId: string): string {
  return createHash('sha256').update(`${userId}\0${conversationId}`).digest('base64url').slice(0, 32);
}

export const sessionFolder = (root: string, sessionId: string) => join(root, sessionId);
export const workFolder = (root: string, sessionId: string) => join(root, sessionId, 'work');

/** Creates the session's folders when new; the working folder belongs to the sandbox's user. */
export async function ensureSession(root: string, sessionId: string, owner?: number): Promise<string> {
  assertSessionId(sessionId);
  // Passable (never readable) by others: bwrap resolves the working folder's path as nobody.
  await mkdir(sessionFolder(root, sessionId), { recursive: true, mode: 0o711 });
  const work = workFolder(root, sessionId);
  await mkdir(work, { recursive: true, mode: 0o700 });
  if (owner !== undefined) await chown(work, owner, owner);
  return work;
}

export async function touchSession(root: string, sessionId: string): Promise<void> {
  const now = new Date();
  await utimes(sessionFolder(root, sessionId), now, now).catch(() => undefined);
}

function assertPlainName(name: string): void {
  if (!name || name === '.' || name === '..' || name.length > 255 || /[/\0]/.test(name)) {
    throw new Error(`Invalid file name for the sandbox: ${JSON.stringify(name)}`);
  }
}

/**
 * Puts the request's files in the working folder. Whatever has the name already (a file, a
 * folder, a link the code left) is removed first and the file is created exclusively, so a link
 * can never carry the write elsewhere.
 */
export async function writeInputFiles(
  work: string,
  files: SandboxInputFile[],
  owner: number | undefined,
  maxBytes: number,
): Promise<void> {
  let total = 0;
  for (const file of files) {
    assertPlainName(file.name);
    const path = join(work, file.name);
    await rm(path, { recursive: true, force: true });
    const handle = await open(
      path,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o644,
    );
    try {
      const chunks = typeof file.data === 'string' || file.data instanceof Uint8Array ? [file.data] : file.data;
      for await (const chunk of chunks) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        total += bytes.length;
        if (total > maxBytes) throw new Error('The files given to the sandbox exceed its file size limit');
        await handle.write(bytes);
      }
      if (owner !== undefined) await handle.chown(owner, owner);
    } finally {
      await handle.close();
    }
  }
}

export interface FolderEntry {
  size: number;
  mtimeMs: number;
  ino: number;
}

export interface FolderSnapshot {
  files: Map<string, FolderEntry>;
  /** What the folder counts against its limit: every entry at least one block. */
  totalBytes: number;
  /** The walk stopped early (past `stopAboveBytes`, or too many entries): over the limit. */
  isTruncated: boolean;
}

/**
 * Regular files of a working folder by relative path ('/'-separated), links and all else
 * skipped. Every entry counts at least a block, so a flood of empty files meets the file limit
 * as soon as the same number of bytes would.
 */
export async function snapshotFolder(work: string, stopAboveBytes = Infinity): Promise<FolderSnapshot> {
  const files = new Map<string, FolderEntry>();
  let totalBytes = 0;
  let entries = 0;
  let isTruncated = false;
  const walk = async (folder: string, prefix: string, depth: number) => {
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names) {
      if (isTruncated || ++entries > MAX_ENTRIES || totalBytes > stopAboveBytes) {
        isTruncated = true;
        return;
      }
      const path = join(folder, name);
      const info = await lstat(path).catch(() => undefined);
      if (!info) continue;
      totalBytes += Math.max(BLOCK_BYTES, info.isDirectory() ? 0 : info.size);
      if (info.isDirectory() && depth < MAX_DEPTH) await walk(path, `${prefix}${name}/`, depth + 1);
      else if (info.isFile()) files.set(`${prefix}${name}`, { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino });
    }
  };
  await walk(work, '', 0);
  return { files, totalBytes, isTruncated };
}

/** Files new or changed between two snapshots, as the run's result lists them. */
export function producedFiles(before: FolderSnapshot, after: FolderSnapshot): ProducedFile[] {
  const changed: ProducedFile[] = [];
  for (const [path, entry] of after.files) {
    const old = before.files.get(path);
    if (old && old.size === entry.size && old.mtimeMs === entry.mtimeMs && old.ino === entry.ino) continue;
    const name = path.slice(path.lastIndexOf('/') + 1);
    changed.push({ name, path, size: entry.size, mime: mimeOfFileName(name) });
  }
  return changed.sort((a, b) => a.path.localeCompare(b.path)).slice(0, MAX_PRODUCED);
}

/**
 * Removes what a run produced (a run over the folder's size limit keeps nothing): what it changed,
 * and every top-level entry that did not exist before it, however many files it holds.
 */
export async function removeRunFiles(work: string, before: FolderSnapshot, after: FolderSnapshot): Promise<void> {
  const existed = new Set([...before.files.keys()].map((path) => path.split('/')[0]));
  for (const name of await readdir(work).catch(() => [] as string[])) {
    if (!existed.has(name)) await rm(join(work, name), { recursive: true, force: true });
  }
  for (const [path, entry] of after.files) {
    const old = before.files.get(path);
    if (!old || old.size !== entry.size || old.mtimeMs !== entry.mtimeMs || old.ino !== entry.ino) {
      await rm(join(work, ...path.split('/')), { force: true });
    }
  }
}

/**
 * A working folder's file, opened without following any link: the path must name a regular file
 * and the opened descriptor must resolve inside the folder.
 */
export async function openWorkFile(work: string, path: string): Promise<ReadStream> {
  const parts = path.split('/');
  if (parts.some((p) => !p || p === '.' || p === '..' || p.includes('\0'))) throw new Error('Invalid file path');
  // O_NONBLOCK: a FIFO the code left must not hang the server (it is refused below, not read).
  const handle = await open(join(work, ...parts), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    // A link among the folders on the way was followed by open(): where the descriptor really
    // points tells, with no window for the path to change in between.
    const [info, real, realWork] = await Promise.all([
      handle.stat(),
      readlink(`/proc/self/fd/${handle.fd}`),
      realFolder(work),
    ]);
    if (!info.isFile() || !real.startsWith(`${realWork}${sep}`)) {
      throw new Error('Not a file of the working folder');
    }
  } catch (error) {
    await handle.close();
    throw error;
  }
  return createReadStream('', { fd: handle, autoClose: true });
}

async function realFolder(folder: string): Promise<string> {
  const handle = await open(folder, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    return await readlink(`/proc/self/fd/${handle.fd}`);
  } finally {
    await handle.close();
  }
}

/** Session folders whose last run is older than `ttlMs`, except those in use, removed. */
export async function removeExpiredSessions(root: string, ttlMs: number, inUse: Set<string>): Promise<number> {
  const names = await readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!SESSION_ID.test(name) || inUse.has(name)) continue;
    const info = await lstat(join(root, name)).catch(() => undefined);
    if (!info?.isDirectory() || Date.now() - info.mtimeMs < ttlMs) continue;
    await rm(join(root, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

export async function removeSessionFolder(root: string, sessionId: string): Promise<void> {
  assertSessionId(sessionId);
  await rm(sessionFolder(root, sessionId), { recursive: true, force: true });
}

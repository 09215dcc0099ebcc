import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

const PREFIX = 'upload-';

/**
 * Local temporary copies of one request's uploads (an image before processing, a document for
 * text extraction), under generated names in one folder, all removed when the request is done.
 */
export class TempFiles {
  private readonly paths: string[] = [];
  constructor(private readonly dir: string) {}

  /** A fresh path in the folder (created on first use); nothing is written there yet. */
  async newPath(): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const path = join(this.dir, `${PREFIX}${randomUUID()}`);
    this.paths.push(path);
    return path;
  }

  async removeAll(): Promise<void> {
    await Promise.all(this.paths.splice(0).map((path) => rm(path, { force: true })));
  }
}

/**
 * Removes temporary copies a process that died mid-upload left behind. Only old ones: another
 * instance sharing the data folder may be using a fresh one right now.
 */
export async function removeStaleTempFiles(dir: string, olderThanMs = 60 * 60 * 1000): Promise<void> {
  const names = await readdir(dir).catch(() => []);
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > olderThanMs) await rm(path, { force: true });
  }
}

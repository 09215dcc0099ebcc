import type { LocalModelFile } from '@confab/shared';
import { watch, type FSWatcher } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { EndpointCatalog } from '../../providers/endpoint-catalog.js';
import { buildLocalEndpoint, isLocalModelFileName } from '../../providers/local-llama/local-endpoint.js';
import { localModelHost } from '../../providers/local-llama/local-model-host.js';
import type { ModelList } from '../../providers/model-list.js';
import { UPLOAD_TEMP_PREFIX } from './local-model-upload.js';

/** An upload older than this was left by a process that died while receiving it. */
const STALE_UPLOAD_MS = 6 * 60 * 60 * 1000;
/** Copying a model in fires many events: the folder is read again once they calm down. */
const RESCAN_DELAY_MS = 200;

/**
 * The GGUF files of DATA_DIR/models, published as the catalog's "Local" endpoint (none when the
 * folder is empty). Read at start, again whenever the folder changes (a file copied in by hand,
 * an upload, a delete), and on every listing, so what chats offer follows the folder.
 */
export class LocalModelFolder {
  private watcher: FSWatcher | undefined;
  private rescanTimer: NodeJS.Timeout | undefined;
  private published = '';

  constructor(
    readonly dir: string,
    private readonly catalog: EndpointCatalog,
    private readonly models: ModelList,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await this.removeStaleUploads();
    await this.list();
    try {
      this.watcher = watch(this.dir, () => this.scheduleRescan());
      this.watcher.on('error', (err) => this.log.warn({ err }, 'stopped watching the local models folder'));
    } catch (err) {
      // Some file systems cannot be watched: the folder is still read on every listing.
      this.log.warn({ err }, 'cannot watch the local models folder');
    }
  }

  close(): void {
    this.watcher?.close();
    clearTimeout(this.rescanTimer);
  }

  /** The model files now, newest catalog layer published as a side effect. */
  async list(): Promise<LocalModelFile[]> {
    const names = (await readdir(this.dir).catch(() => [])).filter(isLocalModelFileName);
    const files = await Promise.all(
      names.map(async (name) => {
        const info = await stat(join(this.dir, name)).catch(() => undefined);
        return info?.isFile() ? { name, bytes: info.size, modifiedAt: info.mtime.toISOString() } : undefined;
      }),
    );
    const present = files
      .filter((f): f is LocalModelFile => f !== undefined)
      .sort((a, b) => a.name.localeCompare(b.name));
    this.publish(present.map((f) => f.name));
    return present;
  }

  /** Deletes a model file (unloading it first if a chat had it loaded); false when there is none. */
  async remove(name: string): Promise<boolean> {
    if (!isLocalModelFileName(name)) return false;
    const path = join(this.dir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return false;
    await localModelHost.unload(path);
    await rm(path, { force: true });
    await this.list();
    return true;
  }

  private publish(names: string[]): void {
    const key = names.join('\n');
    if (key === this.published) return;
    this.published = key;
    const endpoint = buildLocalEndpoint(this.dir, names);
    this.catalog.setLayer('local', endpoint ? [endpoint] : []);
    this.models.forget();
    this.log.info({ models: names }, 'local models changed');
  }

  private scheduleRescan(): void {
    clearTimeout(this.rescanTimer);
    this.rescanTimer = setTimeout(() => {
      this.list().catch((err: unknown) => this.log.warn({ err }, 'cannot read the local models folder'));
    }, RESCAN_DELAY_MS);
    this.rescanTimer.unref();
  }

  private async removeStaleUploads(): Promise<void> {
    const names = await readdir(this.dir).catch(() => []);
    for (const name of names.filter((n) => n.startsWith(UPLOAD_TEMP_PREFIX))) {
      const info = await stat(join(this.dir, name)).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs > STALE_UPLOAD_MS) await rm(join(this.dir, name), { force: true });
    }
  }
}

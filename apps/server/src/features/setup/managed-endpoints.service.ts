import {
  keyHint,
  type AdminEndpointView,
  type ManagedEndpointFamily,
  type ManagedEndpointValues,
  type SetupStatusResponse,
} from '@confab/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/database.js';
import type { EndpointCatalog, EndpointDefinition } from '../../providers/endpoint-catalog.js';
import type { ModelList } from '../../providers/model-list.js';
import { decryptSecret, encryptSecret } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { newId, nowIso } from '../../platform/ids.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import {
  toEndpointDefinition,
  type StoredEndpoint,
  type StoredEndpointSettings,
} from './managed-endpoint-definition.js';
import { ManagedEndpointsRepo, type ManagedEndpointRow } from './managed-endpoints.repo.js';

/** Every instance reloads the setup screen's endpoints when one of them changes them. */
const CHANGED_CHANNEL = 'confab:managed-endpoints:changed';

/**
 * The endpoints the administrator adds in the browser (issue 25): stored with their keys
 * encrypted, put into the catalog at once (no restart), and on every other instance over Redis.
 * Keys leave this class only toward the catalog and the connection test, never in a view.
 */
export class ManagedEndpoints {
  private readonly repo: ManagedEndpointsRepo;
  private subscriber: Redis | undefined;

  constructor(
    db: Db,
    private readonly catalog: EndpointCatalog,
    private readonly models: ModelList,
    private readonly credsKey: string,
    private readonly log: FastifyBaseLogger,
    private readonly redis?: Redis | undefined,
  ) {
    this.repo = new ManagedEndpointsRepo(db);
  }

  async start(): Promise<void> {
    await this.reload();
    if (!this.redis) return;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', () => {
      this.reload().catch((err: unknown) => this.log.error({ err }, 'reloading the setup endpoints failed'));
    });
    await this.subscriber.subscribe(CHANGED_CHANNEL);
  }

  close(): void {
    this.subscriber?.disconnect();
  }

  /** Reads the stored endpoints into the catalog (after a change here or on another instance). */
  async reload(): Promise<void> {
    const stored = (await this.repo.list()).map((row) => this.toStored(row));
    this.catalog.setLayer('setup', stored.map(toEndpointDefinition));
    this.models.forget();
  }

  /** Every endpoint chats can use, and every stored one, as the Admin area shows them. */
  async list(): Promise<AdminEndpointView[]> {
    const rows = await this.repo.list();
    // The catalog's other endpoints: those of the files, and the Local models (a name the setup
    // screen refuses, so no stored row ever shares it).
    const notStored = this.catalog
      .list()
      .filter((endpoint) => this.catalog.fileSourceOf(endpoint.name) || endpoint.family === 'local')
      .map((endpoint) => this.fileView(endpoint));
    return [...notStored, ...rows.map((row) => this.storedView(row))];
  }

  async create(values: ManagedEndpointValues, userId: string): Promise<AdminEndpointView> {
    const name = nameOf(values);
    const now = nowIso();
    const apiKey = values.apiKey ?? '';
    const row: ManagedEndpointRow = {
      id: newId(),
      name,
      family: values.family,
      base_url: values.baseURL ?? null,
      api_key_encrypted: apiKey ? encryptSecret(apiKey, this.credsKey) : null,
      key_last4: apiKey ? keyHint(apiKey) : null,
      models: JSON.stringify(unique(values.models)),
      fetch_models: values.fetchModels ? 1 : 0,
      settings: JSON.stringify(settingsOf(values)),
      created_by: userId,
      created_at: now,
      updated_at: now,
    };
    try {
      await this.repo.insert(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw alreadyAdded(name);
      throw err;
    }
    await this.changed();
    return this.storedView(row);
  }

  /** Changes a stored endpoint; a missing `apiKey` keeps the stored key, an empty one removes it. */
  async update(id: string, values: ManagedEndpointValues): Promise<AdminEndpointView> {
    const existing = await this.repo.find(id);
    if (!existing) throw new AppError('not_found', 'No such endpoint');
    if (existing.family !== values.family) {
      throw new AppError('validation_error', 'The family of an endpoint cannot change; add a new one.');
    }
    const changes: Partial<ManagedEndpointRow> = {
      name: nameOf(values),
      base_url: values.baseURL ?? null,
      models: JSON.stringify(unique(values.models)),
      fetch_models: values.fetchModels ? 1 : 0,
      settings: JSON.stringify(settingsOf(values)),
      updated_at: nowIso(),
    };
    if (values.apiKey !== undefined) {
      changes.api_key_encrypted = values.apiKey ? encryptSecret(values.apiKey, this.credsKey) : null;
      changes.key_last4 = values.apiKey ? keyHint(values.apiKey) : null;
    }
    try {
      await this.repo.update(id, changes);
    } catch (err) {
      if (isUniqueViolation(err)) throw alreadyAdded(changes.name ?? existing.name);
      throw err;
    }
    await this.changed();
    return this.storedView({ ...existing, ...changes });
  }

  async remove(id: string): Promise<void> {
    if (!(await this.repo.delete(id))) throw new AppError('not_found', 'No such endpoint');
    await this.changed();
  }

  /** A stored endpoint's key, for the connection test of a saved endpoint (never for a view). */
  async storedKey(id: string): Promise<string | undefined> {
    const row = await this.repo.find(id);
    return row ? this.keyOf(row) : undefined;
  }

  /** Base URLs chats already reach (a found local server that is among them is "added"). */
  knownBaseURLs(): string[] {
    return this.catalog.list().flatMap((endpoint) => (endpoint.baseURL ? [endpoint.baseURL] : []));
  }

  setupStatus(): SetupStatusResponse {
    const active = this.catalog
      .list()
      .filter((endpoint) => !endpoint.derivedFrom && (endpoint.family !== 'local' || endpoint.models.length > 0));
    return { needsSetup: active.length === 0, activeEndpoints: active.length };
  }

  private async changed(): Promise<void> {
    await this.reload();
    await this.redis?.publish(CHANGED_CHANNEL, '1').catch((err: unknown) => {
      this.log.error({ err }, 'could not tell the other instances about an endpoint change');
    });
  }

  private keyOf(row: ManagedEndpointRow): string {
    if (!row.api_key_encrypted) return '';
    try {
      return decryptSecret(row.api_key_encrypted, this.credsKey);
    } catch {
      // CREDS_KEY changed since the key was saved: the endpoint stays listed, without its key.
      this.log.warn({ endpoint: row.name }, 'a stored endpoint key cannot be decrypted with this CREDS_KEY');
      return '';
    }
  }

  private toStored(row: ManagedEndpointRow): StoredEndpoint {
    return {
      id: row.id,
      name: row.name,
      family: row.family as ManagedEndpointFamily,
      baseURL: row.base_url ?? undefined,
      apiKey: this.keyOf(row),
      models: parseJson<string[]>(row.models, []),
      fetchModels: row.fetch_models === 1,
      settings: parseJson<StoredEndpointSettings>(row.settings, {}),
    };
  }

  private storedView(row: ManagedEndpointRow): AdminEndpointView {
    const settings = parseJson<StoredEndpointSettings>(row.settings, {});
    const fileSource = this.catalog.fileSourceOf(row.name);
    return {
      id: row.id,
      name: row.name,
      family: row.family as ManagedEndpointFamily,
      source: 'setup',
      ...(row.base_url ? { baseURL: row.base_url } : {}),
      models: parseJson<string[]>(row.models, []),
      fetchModels: row.fetch_models === 1,
      titleConvo: settings.titleConvo ?? true,
      hasKey: !!row.api_key_encrypted,
      ...(row.key_last4 ? { keyLast4: row.key_last4 } : {}),
      ...(settings.azure ? { azure: stripUndefined(settings.azure) } : {}),
      ...(settings.bedrock ? { bedrock: settings.bedrock } : {}),
      ...(fileSource ? { overriddenBy: fileSource === 'env' ? '.env' : 'config.yaml' } : {}),
      isActive: !fileSource,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  private fileView(endpoint: EndpointDefinition): AdminEndpointView {
    const source = this.catalog.fileSourceOf(endpoint.name) ?? 'local';
    const hasKey = !!endpoint.apiKey && endpoint.apiKey !== 'user_provided';
    const hint = hasKey ? keyHint(endpoint.apiKey) : '';
    return {
      name: endpoint.name,
      family: endpoint.family === 'local' ? 'local' : endpoint.family,
      source,
      ...(endpoint.baseURL ? { baseURL: endpoint.baseURL } : {}),
      models: endpoint.models,
      fetchModels: endpoint.fetchModels,
      titleConvo: endpoint.titleConvo,
      hasKey,
      ...(hint ? { keyLast4: hint } : {}),
      isActive: true,
    };
  }
}

function nameOf(values: ManagedEndpointValues): string {
  return values.family === 'custom' && values.name ? values.name : values.family;
}

function settingsOf(values: ManagedEndpointValues): StoredEndpointSettings {
  return {
    titleConvo: values.titleConvo,
    ...(values.family === 'azureOpenAI' && values.azure ? { azure: values.azure } : {}),
    ...(values.family === 'bedrock' && values.bedrock ? { bedrock: values.bedrock } : {}),
  };
}

const alreadyAdded = (name: string) =>
  new AppError('conflict', `An endpoint named "${name}" is already added`, { code: 'endpoint_exists' });

const unique = (names: string[]) => [...new Set(names)];

function parseJson<T>(json: string, fallback: T): T {
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

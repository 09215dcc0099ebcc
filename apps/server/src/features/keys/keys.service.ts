import { userKeyFieldsSchema, type UpdateKeyInput, type UserKeyFields } from '@confab/shared';
import type { Db } from '../../db/database.js';
import { decryptSecret, encryptSecret } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { EndpointCatalog, EndpointDefinition } from '../../providers/endpoint-catalog.js';
import { ProviderError, type ResolvedCredentials } from '../../providers/types.js';
import { deleteUserKeys, findUserKey, upsertUserKey } from './keys.repo.js';

function parseValue(value: string): UserKeyFields {
  try {
    const parsed = userKeyFieldsSchema.safeParse(JSON.parse(value));
    if (parsed.success && typeof parsed.data === 'object') return parsed.data;
  } catch {
    /* a plain key */
  }
  return { apiKey: value };
}

/** Any of the forms a secret takes: a plain key, Azure's, Google's key or service key, AWS's. */
function hasSecret(fields: UserKeyFields): boolean {
  const secret =
    fields.apiKey ??
    fields.azureOpenAIApiKey ??
    fields.GOOGLE_API_KEY ??
    (fields as { secretAccessKey?: unknown }).secretAccessKey;
  return (typeof secret === 'string' && secret.trim() !== '') || Boolean(fields.GOOGLE_SERVICE_KEY);
}

const needsUserKey = (e: EndpointDefinition) => e.apiKey === 'user_provided' || e.baseURL === 'user_provided';

/** Where a user's key for the endpoint is kept: the Plugins endpoint uses the OpenAI key, as in LibreChat. */
const keyNameOf = (e: EndpointDefinition) => e.derivedFrom ?? e.name;

export class KeysService {
  constructor(
    private readonly db: Db,
    private readonly catalog: EndpointCatalog,
    private readonly credsKey: string,
  ) {}

  async save(userId: string, input: UpdateKeyInput): Promise<{ expiresAt: string | null }> {
    const endpoint = this.catalog.find(input.name);
    if (!endpoint || !needsUserKey(endpoint))
      throw new AppError('validation_error', `${input.name} does not take a user-provided key`);
    if (input.expiresAt && input.expiresAt <= new Date().toISOString())
      throw new AppError('validation_error', 'expiresAt must be in the future');
    const fields = parseValue(input.value);
    if (endpoint.apiKey === 'user_provided' && !hasSecret(fields)) {
      throw new AppError('validation_error', 'value is required');
    }
    if (endpoint.baseURL === 'user_provided' && !fields.baseURL?.trim())
      throw new AppError('validation_error', 'baseURL is required');
    await upsertUserKey(this.db.kysely, userId, keyNameOf(endpoint), encryptSecret(input.value, this.credsKey), input.expiresAt);
    return { expiresAt: input.expiresAt };
  }

  /** What GET /api/keys tells: only whether a key exists and when it expires, never the key. */
  async describe(userId: string, name: string): Promise<{ expiresAt: string | null } | null> {
    const row = await findUserKey(this.db.kysely, userId, this.keyName(name));
    return row ? { expiresAt: row.expires_at } : null;
  }

  revoke(userId: string, name?: string): Promise<number> {
    return deleteUserKeys(this.db.kysely, userId, name === undefined ? undefined : this.keyName(name));
  }

  private keyName(endpointName: string): string {
    const endpoint = this.catalog.find(endpointName);
    return endpoint ? keyNameOf(endpoint) : endpointName;
  }

  /** The key and base URL for a call, or the SPEC 8 error the user sees. */
  async resolve(userId: string, endpoint: EndpointDefinition): Promise<ResolvedCredentials> {
    if (!needsUserKey(endpoint)) {
      return { apiKey: endpoint.apiKey, baseURL: endpoint.baseURL, isUserKey: false, isUserBaseURL: false, fields: {} };
    }
    const row = await findUserKey(this.db.kysely, userId, keyNameOf(endpoint));
    if (!row)
      throw new ProviderError('no_user_key', `No API key provided for ${endpoint.name}.`, undefined, {
        endpoint: endpoint.name,
      });
    if (row.expires_at && row.expires_at <= new Date().toISOString()) {
      throw new ProviderError('expired_user_key', `Your API key for ${endpoint.name} expired.`, undefined, {
        endpoint: endpoint.name,
        expiredAt: row.expires_at,
      });
    }
    let fields: UserKeyFields;
    try {
      fields = parseValue(decryptSecret(row.value, this.credsKey));
    } catch {
      throw new ProviderError(
        'invalid_user_key',
        `Your stored key for ${endpoint.name} can no longer be read; please enter it again.`,
      );
    }
    const apiKey =
      endpoint.apiKey === 'user_provided'
        ? (fields.apiKey ?? fields.azureOpenAIApiKey ?? fields.GOOGLE_API_KEY ?? '')
        : endpoint.apiKey;
    const baseURL = endpoint.baseURL === 'user_provided' ? fields.baseURL : endpoint.baseURL;
    if (endpoint.baseURL === 'user_provided' && !baseURL)
      throw new ProviderError('no_base_url', `No base URL provided for ${endpoint.name}.`);
    return {
      apiKey,
      baseURL,
      isUserKey: endpoint.apiKey === 'user_provided',
      isUserBaseURL: endpoint.baseURL === 'user_provided',
      fields,
    };
  }
}

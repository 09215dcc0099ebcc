import type { Db } from '../../db/database.js';
import { decryptSecret, encryptSecret } from '../../platform/crypto.js';
import { nowIso } from '../../platform/ids.js';

/**
 * A user's credentials for a tool, encrypted at rest (AES-256-GCM with CREDS_KEY) in
 * `tool_credentials`, keyed by the tool's plugin key. The plaintext never leaves the server: the
 * API says only whether a tool is authenticated.
 */
export class ToolCredentials {
  constructor(
    private readonly db: Db,
    private readonly credsKey: string,
  ) {}

  async get(userId: string, toolKey: string): Promise<Record<string, string> | undefined> {
    const row = await this.db.kysely
      .selectFrom('tool_credentials')
      .select('value')
      .where('user_id', '=', userId)
      .where('tool_key', '=', toolKey)
      .executeTakeFirst();
    if (!row) return undefined;
    try {
      return JSON.parse(decryptSecret(row.value, this.credsKey)) as Record<string, string>;
    } catch {
      // A changed CREDS_KEY makes old rows unreadable: the tool simply asks again.
      return undefined;
    }
  }

  async save(userId: string, toolKey: string, values: Record<string, string>): Promise<void> {
    const value = encryptSecret(JSON.stringify(values), this.credsKey);
    const now = nowIso();
    await this.db.kysely
      .insertInto('tool_credentials')
      .values({ user_id: userId, tool_key: toolKey, value, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'tool_key']).doUpdateSet({ value, updated_at: now }))
      .execute();
  }

  async delete(userId: string, toolKey: string): Promise<void> {
    await this.db.kysely.deleteFrom('tool_credentials').where('user_id', '=', userId).where('tool_key', '=', toolKey).execute();
  }
}

import type { Kysely } from 'kysely';
import type { ActionsTable, Database } from '../../db/schema.js';
import type { ActionAuth } from './action-executor.js';

type Exec = Kysely<Database>;
export type ActionRow = ActionsTable;

/** ActionMetadata as stored: secrets are ciphertexts (platform/crypto.ts). */
export interface StoredActionMetadata {
  domain: string;
  raw_spec: string;
  auth: ActionAuth;
  privacy_policy_url?: string | undefined;
  api_key?: string | undefined;
  oauth_client_id?: string | undefined;
  oauth_client_secret?: string | undefined;
}

/** The secret fields: never sent to a client. */
export const SECRET_FIELDS = ['api_key', 'oauth_client_id', 'oauth_client_secret'] as const;

export const rowMetadata = (row: ActionRow): StoredActionMetadata => JSON.parse(row.metadata) as StoredActionMetadata;

/** LibreChat's Action as its client reads it, without the secrets. */
export function toActionJson(row: ActionRow) {
  const metadata: Partial<StoredActionMetadata> = { ...rowMetadata(row) };
  for (const field of SECRET_FIELDS) delete metadata[field];
  return {
    action_id: row.action_id,
    agent_id: row.agent_id,
    user: row.user_id,
    type: 'action_prototype',
    metadata,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function findAction(db: Exec, actionId: string): Promise<ActionRow | undefined> {
  return db.selectFrom('actions').selectAll().where('action_id', '=', actionId).executeTakeFirst();
}

export async function upsertAction(db: Exec, row: ActionRow): Promise<void> {
  await db
    .insertInto('actions')
    .values(row)
    .onConflict((oc) => oc.column('action_id').doUpdateSet({ metadata: row.metadata, updated_at: row.updated_at }))
    .execute();
}

export async function deleteAction(db: Exec, actionId: string): Promise<void> {
  await db.deleteFrom('actions').where('action_id', '=', actionId).execute();
}

/** The actions a user may change: of their own agents, and of shared collaborative ones (admins: every shared one). */
export function listEditableActions(db: Exec, userId: string, isAdmin: boolean): Promise<ActionRow[]> {
  return db
    .selectFrom('actions')
    .innerJoin('agents', 'agents.id', 'actions.agent_id')
    .selectAll('actions')
    .where((eb) =>
      eb.or([
        eb('agents.author', '=', userId),
        isAdmin ? eb('agents.is_global', '=', 1) : eb.and([eb('agents.is_global', '=', 1), eb('agents.is_collaborative', '=', 1)]),
      ]),
    )
    .orderBy('actions.updated_at', 'desc')
    .execute();
}

/** The actions of every agent a user may chat with: their own and those shared with everyone. */
export function listRunnableActions(db: Exec, userId: string): Promise<ActionRow[]> {
  return db
    .selectFrom('actions')
    .innerJoin('agents', 'agents.id', 'actions.agent_id')
    .selectAll('actions')
    .where((eb) => eb.or([eb('agents.author', '=', userId), eb('agents.is_global', '=', 1)]))
    .execute();
}

export function listAgentActions(db: Exec, agentId: string): Promise<ActionRow[]> {
  return db.selectFrom('actions').selectAll().where('agent_id', '=', agentId).execute();
}

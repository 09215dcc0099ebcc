import type { AdminAuditAction, AdminAuditEntry } from '@confab/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { nowIso, sortableId } from '../../../platform/ids.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Who did it: a signed-in administrator, or the command line (no id). */
export type AuditActor = { id: string; email: string } | { id: null; label: string };

export interface AdminAction {
  actor: AuditActor;
  action: AdminAuditAction;
  target: AdminAuditEntry['target'];
  details?: Record<string, unknown>;
}

/** The actor for actions of the command-line scripts. */
export const COMMAND_LINE: AuditActor = { id: null, label: 'command line' };

/**
 * Records one administrator's action. Pass the transaction that makes the change, so the row
 * exists exactly when the change does.
 */
export async function recordAdminAction(db: Executor, entry: AdminAction): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({
      id: sortableId(),
      actor_id: entry.actor.id,
      actor_label: entry.actor.id === null ? entry.actor.label : entry.actor.email,
      action: entry.action,
      target_type: entry.target.type,
      target_id: entry.target.id,
      target_label: entry.target.label,
      details: JSON.stringify(entry.details ?? {}),
      created_at: nowIso(),
    })
    .execute();
}

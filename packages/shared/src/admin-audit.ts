import { z } from 'zod';

/**
 * What an administrator can do that the audit list records (issue 40), as `<target>.<verb>`.
 * The web names each in the reader's language; the server writes nothing else.
 */
export const ADMIN_AUDIT_ACTIONS = [
  'user.create',
  'user.invite',
  'user.role',
  'user.ban',
  'user.unban',
  'user.verify_email',
  'user.reset_two_factor',
  'user.credits',
  'user.reset_password',
  'user.delete',
  'role.permissions',
  'banner.create',
  'banner.update',
  'banner.delete',
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

export interface AdminAuditEntry {
  id: string;
  /** Null when the command line did it. */
  actor: { id: string | null; label: string };
  action: AdminAuditAction;
  target: { type: 'user' | 'role' | 'banner'; id: string | null; label: string | null };
  /** What changed, per action: `{role}`, `{bannedUntil, reason}`, `{amount, reason}`, `{changes}`… */
  details: Record<string, unknown>;
  createdAt: string;
}

export interface AdminAuditPage {
  entries: AdminAuditEntry[];
  nextCursor: string | null;
}

export const adminAuditQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  action: z.enum(ADMIN_AUDIT_ACTIONS).optional(),
  /** Only what was done to this user, role or banner. */
  targetId: z.string().max(200).optional(),
});

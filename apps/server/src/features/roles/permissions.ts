import type { Role } from '@confab/shared';

/** SPEC 6: permission types per feature; USE and CREATE default on, SHARED_GLOBAL off. */
export const PERMISSION_DEFAULTS = {
  PROMPTS: { SHARED_GLOBAL: false, USE: true, CREATE: true },
  BOOKMARKS: { USE: true },
  AGENTS: { SHARED_GLOBAL: false, USE: true, CREATE: true },
  MULTI_CONVO: { USE: true },
  TEMPORARY_CHAT: { USE: true },
  RUN_CODE: { USE: true },
  WEB_SEARCH: { USE: true },
  MEMORIES: { USE: true, CREATE: true, UPDATE: true, READ: true, OPT_OUT: true },
} as const;

export type Permissions = { [F in keyof typeof PERMISSION_DEFAULTS]: Record<keyof (typeof PERMISSION_DEFAULTS)[F], boolean> };

export function defaultPermissions(role: Role): Permissions {
  const copy = structuredClone(PERMISSION_DEFAULTS) as unknown as Permissions;
  if (role === 'ADMIN') {
    for (const feature of Object.values(copy) as Record<string, boolean>[]) {
      for (const key of Object.keys(feature)) feature[key] = true;
    }
  }
  return copy;
}

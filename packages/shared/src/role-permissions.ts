/**
 * SPEC 6's permissioned features, the permission types each has, and how an administrator edits
 * them per role (issue 40, Admin → Roles). One source for the server's routes and the web's editor.
 */
export const PERMISSION_FEATURES = [
  'PROMPTS',
  'BOOKMARKS',
  'AGENTS',
  'MULTI_CONVO',
  'TEMPORARY_CHAT',
  'RUN_CODE',
  'WEB_SEARCH',
  'MEMORIES',
] as const;
export type PermissionFeatureName = (typeof PERMISSION_FEATURES)[number];

export type PermissionTypeName = 'USE' | 'CREATE' | 'SHARED_GLOBAL' | 'UPDATE' | 'READ' | 'OPT_OUT';

/** The types each feature has, in the order the editor lists them. */
export const PERMISSION_TYPES_OF: Record<PermissionFeatureName, readonly PermissionTypeName[]> = {
  PROMPTS: ['USE', 'CREATE', 'SHARED_GLOBAL'],
  BOOKMARKS: ['USE'],
  AGENTS: ['USE', 'CREATE', 'SHARED_GLOBAL'],
  MULTI_CONVO: ['USE'],
  TEMPORARY_CHAT: ['USE'],
  RUN_CODE: ['USE'],
  WEB_SEARCH: ['USE'],
  // LibreChat's: use memory in chats, create, edit and read them in Settings, turn it off oneself.
  MEMORIES: ['USE', 'CREATE', 'UPDATE', 'READ', 'OPT_OUT'],
};

/**
 * `PUT /api/roles/{role}/{path}` per feature. `prompts` and `agents` are LibreChat's own paths
 * (v0.7.8); later LibreChat versions add one path per feature in the same style (`memories`,
 * `people-picker`), which the others follow.
 */
export const ROLE_PERMISSION_PATHS: Record<PermissionFeatureName, string> = {
  PROMPTS: 'prompts',
  BOOKMARKS: 'bookmarks',
  AGENTS: 'agents',
  MULTI_CONVO: 'multi-convo',
  TEMPORARY_CHAT: 'temporary-chat',
  RUN_CODE: 'run-code',
  WEB_SEARCH: 'web-search',
  MEMORIES: 'memories',
};

/**
 * The config's `interface` toggle whose "off" turns the feature's USE off for every role, as
 * LibreChat's updateInterfacePermissions does at start. While it is off, USE cannot be turned on.
 */
export const INTERFACE_TOGGLE_OF = {
  PROMPTS: 'prompts',
  BOOKMARKS: 'bookmarks',
  AGENTS: 'agents',
  MULTI_CONVO: 'multiConvo',
  TEMPORARY_CHAT: 'temporaryChat',
  RUN_CODE: 'runCode',
  WEB_SEARCH: 'webSearch',
  MEMORIES: 'memories',
} as const satisfies Record<PermissionFeatureName, string>;

import { ServerCog, type LucideIcon } from 'lucide-react';

/**
 * The Admin area's sections, in the order of its navigation (issue 40). Each is a route under
 * /admin (router.tsx) and a key of locales/en-US/admin.json's `section_*`.
 */
export interface AdminSection {
  path: string;
  labelKey: string;
  icon: LucideIcon;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: 'endpoints', labelKey: 'section_endpoints', icon: ServerCog },
];

/** Where "Admin" in the account menu and a bare /admin lead. */
export const ADMIN_HOME = `/admin/${ADMIN_SECTIONS[0]?.path ?? 'endpoints'}`;

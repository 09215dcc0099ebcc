import { ChartColumn, Megaphone, ScrollText, ServerCog, ShieldCheck, Users, type LucideIcon } from 'lucide-react';

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
  { path: 'users', labelKey: 'section_users', icon: Users },
  { path: 'roles', labelKey: 'section_roles', icon: ShieldCheck },
  { path: 'banners', labelKey: 'section_banners', icon: Megaphone },
  { path: 'usage', labelKey: 'section_usage', icon: ChartColumn },
  { path: 'audit', labelKey: 'section_audit', icon: ScrollText },
  { path: 'endpoints', labelKey: 'section_endpoints', icon: ServerCog },
];

/** Where "Admin" in the account menu and a bare /admin lead. */
export const ADMIN_HOME = `/admin/${ADMIN_SECTIONS[0]?.path ?? 'endpoints'}`;

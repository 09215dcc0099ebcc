/** Written at build time by vite.config.ts's lucideIcons plugin from lucide-react's own export list. */
declare module 'virtual:lucide-icons' {
  /** Every name lucide-react exports for an icon (aliases included), each loading that icon's own chunk. */
  export const iconLoaders: Record<string, () => Promise<{ default: unknown }>>;
  /** Its other exports (createLucideIcon, Icon, icons, the context), for which the whole package loads. */
  export const helperNames: string[];
}

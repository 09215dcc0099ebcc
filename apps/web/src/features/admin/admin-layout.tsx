import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { cn } from '../../lib/cn';
import { HeaderSlot } from '../layout/header-slot';
import { AdminOnly } from '../setup/admin-only';
import { ADMIN_SECTIONS } from './admin-sections';

/**
 * The Admin area's frame: its sections as tabs over the page (they scroll sideways on a phone),
 * the page below. Anyone but an administrator is told plainly that they cannot open it.
 */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  return (
    <AdminOnly>
      {/* The header names the area on a wide screen (a phone's header already shows the app's name). */}
      <HeaderSlot>
        <span className="hidden px-2 text-[15px] font-semibold tracking-tight text-fg md:inline">{t('menu_admin')}</span>
      </HeaderSlot>
      <div className="flex h-full min-h-0 flex-col" data-testid="admin-layout">
        <div className="shrink-0 border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
          <nav
            aria-label={t('nav_label')}
            className="mx-auto flex w-full max-w-5xl gap-1 overflow-x-auto px-3 pt-2 [scrollbar-width:none] sm:px-5"
          >
            {ADMIN_SECTIONS.map(({ path, labelKey, icon: Icon }) => (
              <NavLink
                key={path}
                to={`/admin/${path}`}
                data-testid={`admin-nav-${path}`}
                className={({ isActive }) =>
                  cn(
                    'focus-ring relative flex shrink-0 items-center gap-1.5 rounded-t-md px-3 pt-1.5 pb-2.5 text-sm font-medium whitespace-nowrap transition-colors',
                    isActive
                      ? 'text-fg after:absolute after:inset-x-2 after:bottom-0 after:h-0.5 after:rounded-full after:bg-accent'
                      : 'text-fg-secondary hover:text-fg',
                  )
                }
              >
                <Icon className="size-4" aria-hidden />
                {t(labelKey)}
              </NavLink>
            ))}
          </nav>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <Outlet />
        </div>
      </div>
    </AdminOnly>
  );
}

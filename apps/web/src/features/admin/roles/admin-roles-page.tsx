import { INTERFACE_TOGGLE_OF, PERMISSION_FEATURES } from '@confab/shared';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useStartupConfig } from '../../config/use-startup-config';
import { useDocumentTitle } from '../../config/use-document-title';
import { RoleFeatureCard } from './role-feature-card';
import { useRoleEditor, type EditableRole } from './use-role-editor';

const ROLE_TABS: readonly EditableRole[] = ['USER', 'ADMIN'];

/**
 * Admin → Roles (issue 40, SPEC 6): per role, every permissioned feature with a switch per
 * permission type, saved as it is flipped. Features the config's interface toggles turn off
 * show as such and stay off.
 */
export function AdminRolesPage() {
  const { t } = useTranslation('admin-roles');
  useDocumentTitle(t('title'));
  const [role, setRole] = useState<EditableRole>('USER');
  const { query, change } = useRoleEditor(role);
  const { data: config } = useStartupConfig();
  const ui = config?.interface as Partial<Record<string, unknown>> | undefined;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 pt-6 pb-16 sm:px-6 sm:pt-8" data-testid="admin-roles-page">
      <header>
        <h1 className="text-xl font-semibold tracking-tight text-fg">{t('title')}</h1>
        <p className="mt-1 max-w-xl text-sm text-fg-secondary">{t('description')}</p>
      </header>

      <div role="tablist" aria-label={t('role_label')} className="grid grid-cols-2 gap-1 rounded-2xl bg-surface-tertiary p-1 sm:max-w-md">
        {ROLE_TABS.map((name) => {
          const isActive = name === role;
          return (
            <button
              key={name}
              type="button"
              role="tab"
              id={`role-tab-${name}`}
              aria-selected={isActive}
              aria-controls="role-panel"
              onClick={() => setRole(name)}
              data-testid={`role-tab-${name}`}
              className={cn(
                'focus-ring flex min-w-0 flex-col items-start rounded-xl px-3 py-2 text-left transition-colors',
                isActive ? 'bg-surface shadow-sm' : 'text-fg-secondary hover:bg-surface-hover hover:text-fg',
              )}
            >
              <span className="text-sm font-semibold text-fg">{t(`role_${name}`)}</span>
              <span className="w-full truncate text-xs text-fg-tertiary">{t(`role_${name}_hint`)}</span>
            </button>
          );
        })}
      </div>

      <section id="role-panel" role="tabpanel" aria-labelledby={`role-tab-${role}`} className="flex flex-col gap-4">
        {role === 'ADMIN' ? (
          <div
            className="flex gap-2.5 rounded-xl border border-accent/30 bg-accent-soft px-3.5 py-3 text-sm leading-relaxed text-fg"
            data-testid="role-admin-area-note"
          >
            <ShieldCheck className="mt-px size-[18px] shrink-0 text-accent" aria-hidden />
            <p>{t('admin_area_note')}</p>
          </div>
        ) : null}
        {query.isPending ? (
          <div className="flex flex-col gap-px overflow-hidden rounded-2xl border border-line" aria-hidden>
            {PERMISSION_FEATURES.map((feature) => (
              <div key={feature} className="h-20 animate-pulse bg-surface-tertiary/60" />
            ))}
          </div>
        ) : query.isError ? (
          <div className="flex flex-col items-center py-12 text-center">
            <p className="text-[15px] text-fg-secondary">{t('load_failed')}</p>
            <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : (
          <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface" data-testid={`role-features-${role}`}>
            {PERMISSION_FEATURES.map((feature) => {
              const toggle = INTERFACE_TOGGLE_OF[feature];
              return (
                <RoleFeatureCard
                  key={feature}
                  role={role}
                  feature={feature}
                  granted={query.data.permissions[feature]}
                  forcedBy={ui?.[toggle] === false ? toggle : undefined}
                  onChange={change}
                />
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

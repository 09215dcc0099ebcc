import { PERMISSION_TYPES_OF, type PermissionFeatureName, type PermissionTypeName } from '@confab/shared';
import { Lock } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { FEATURE_ICONS } from './role-feature-meta';
import type { EditableRole, PermissionChange } from './use-role-editor';

/**
 * One feature of Admin → Roles: its name and what it is, and a switch per permission type.
 * A feature the config turns off (`forcedBy`, its interface toggle) shows so, its "Use" off and
 * locked; the other types need "Use" and are locked while it is off.
 */
export function RoleFeatureCard({
  role,
  feature,
  granted,
  forcedBy,
  onChange,
}: {
  role: EditableRole;
  feature: PermissionFeatureName;
  granted: Partial<Record<string, boolean>> | undefined;
  /** The interface toggle that is off in the config, if it is. */
  forcedBy: string | undefined;
  onChange(change: PermissionChange): void;
}) {
  const { t } = useTranslation('admin-roles');
  const Icon = FEATURE_ICONS[feature];
  const types = PERMISSION_TYPES_OF[feature];
  const isUseOn = !forcedBy && granted?.USE === true;
  const featureName = t(`feature_${feature}`);

  const renderSwitch = (type: PermissionTypeName) => {
    const isLocked = type === 'USE' ? !!forcedBy : !isUseOn;
    const isOn = type === 'USE' ? isUseOn : granted?.[type] === true;
    return (
      <Switch
        isChecked={isOn}
        onCheckedChange={(next) => onChange({ feature, type, isOn: next })}
        disabled={isLocked}
        aria-label={t('switch_label', { type: t(`type_${type}`), feature: featureName, role: t(`role_${role}`) })}
        className="disabled:cursor-not-allowed disabled:opacity-45"
        data-testid={`role-permission-${feature}-${type}`}
      />
    );
  };

  return (
    <li
      className="flex flex-col gap-3 px-4 py-4 sm:px-5"
      data-testid={`role-feature-${feature}`}
      data-forced={forcedBy ? 'true' : undefined}
    >
      <div className="flex items-start gap-3">
        <span
          className={cn(
            'flex size-9 shrink-0 items-center justify-center rounded-xl',
            isUseOn ? 'bg-accent-soft text-accent' : 'bg-surface-tertiary text-fg-tertiary',
          )}
        >
          <Icon className="size-[18px]" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="text-[15px] font-semibold text-fg">{featureName}</h3>
            {forcedBy ? (
              <span
                className="inline-flex items-center gap-1 rounded-md bg-amber-500/15 px-1.5 py-0.5 text-[11px] font-medium text-amber-800 dark:text-amber-300"
                data-testid="role-feature-forced"
              >
                <Lock className="size-3" aria-hidden />
                {t('forced_off')}
              </span>
            ) : null}
          </div>
          <p className="mt-0.5 text-sm text-fg-secondary">{t(`feature_${feature}_description`)}</p>
          {forcedBy ? (
            <p className="mt-1.5 text-xs leading-relaxed text-fg-tertiary">
              <Trans
                t={t}
                i18nKey="forced_off_hint"
                values={{ toggle: forcedBy }}
                components={{ code: <code className="rounded bg-surface-tertiary px-1 py-px font-mono text-[11px] text-fg-secondary" /> }}
              />
            </p>
          ) : null}
        </div>
        {types.length === 1 ? (
          // In line with the switches of the features with several types (their list's border and padding).
          <div className="pt-1.5 sm:pr-[15px]">{renderSwitch('USE')}</div>
        ) : null}
      </div>
      {types.length > 1 ? (
        <ul className="divide-y sm:ml-12 divide-line overflow-hidden rounded-xl border border-line bg-surface-secondary/60">
          {types.map((type) => {
            const isLocked = type === 'USE' ? !!forcedBy : !isUseOn;
            return (
              <li key={type} className="flex items-center gap-3 px-3.5 py-2.5">
                <div className={cn('min-w-0 flex-1', isLocked && 'opacity-60')}>
                  <p className="text-sm font-medium text-fg">{t(`type_${type}`)}</p>
                  <p className="text-xs text-fg-tertiary">
                    {type !== 'USE' && !isUseOn ? t('needs_use') : t(`type_${type}_hint`)}
                  </p>
                </div>
                {renderSwitch(type)}
              </li>
            );
          })}
        </ul>
      ) : null}
    </li>
  );
}

import type { AdminAuditEntry } from '@confab/shared';
import type { TFunction } from 'i18next';

type T = TFunction<'admin-audit'>;

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function formatWhen(iso: string, locale: string): string {
  const value = new Date(iso);
  return Number.isNaN(value.getTime())
    ? iso
    : value.toLocaleString(locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
}

/** A role's permission switches that changed, in words: "USE on, CREATE off". */
function permissionChanges(details: Record<string, unknown>, t: T): string {
  const before = (details.before ?? {}) as Record<string, unknown>;
  const after = (details.after ?? {}) as Record<string, unknown>;
  return Object.keys(after)
    .filter((key) => before[key] !== after[key])
    .map((key) => t(after[key] ? 'perm_on' : 'perm_off', { name: key }))
    .join(', ');
}

/**
 * What an audit row's details say, as one line for a person: the role a user got, how long a
 * ban runs and why, the credits and their reason… Empty when the action says it all.
 */
export function describeDetails(entry: AdminAuditEntry, t: T, locale: string): string {
  const d = entry.details;
  switch (entry.action) {
    case 'user.create':
    case 'user.invite': {
      const role = str(d.role);
      const parts = [role ? t('d_role', { role: t(`role_${role}`) }) : ''];
      if (entry.action === 'user.invite') parts.push(d.mailed ? t('d_mailed') : t('d_link_shown'));
      else if (d.emailVerified === false) parts.push(t('d_unverified'));
      return parts.filter(Boolean).join(' · ');
    }
    case 'user.role': {
      const from = str(d.from);
      const role = str(d.role);
      return from && role ? t('d_role_change', { from: t(`role_${from}`), to: t(`role_${role}`) }) : '';
    }
    case 'user.ban': {
      const until = str(d.bannedUntil);
      const reason = str(d.reason);
      return [until ? t('d_until', { when: formatWhen(until, locale) }) : '', reason ? t('d_reason', { reason }) : '']
        .filter(Boolean)
        .join(' · ');
    }
    case 'user.credits': {
      const amount = num(d.amount) ?? 0;
      const reason = str(d.reason);
      const credits = new Intl.NumberFormat(locale).format(Math.abs(amount));
      return [t(amount >= 0 ? 'd_granted' : 'd_deducted', { credits }), reason ? t('d_reason', { reason }) : '']
        .filter(Boolean)
        .join(' · ');
    }
    case 'user.delete': {
      const name = str(d.name);
      return name ? t('d_name', { name }) : '';
    }
    case 'role.permissions': {
      const feature = str(d.feature);
      const changes = permissionChanges(d, t);
      return [feature, changes].filter(Boolean).join(': ');
    }
    case 'banner.update': {
      const changes = Array.isArray(d.changes) ? d.changes.filter((c): c is string => typeof c === 'string') : [];
      return changes.length ? t('d_changed', { fields: changes.join(', ') }) : '';
    }
    default:
      return '';
  }
}

import type { SidebarGroup } from '@confab/shared';
import type { TFunction } from 'i18next';

/** The visible name of a sidebar group: relative names, then "March", then "2024". */
export function groupLabel(group: Omit<SidebarGroup<unknown>, 'items'>, t: TFunction, locale: string): string {
  switch (group.kind) {
    case 'today':
      return t('conversations:group_today');
    case 'yesterday':
      return t('conversations:group_yesterday');
    case 'previous7Days':
      return t('conversations:group_previous_7_days');
    case 'previous30Days':
      return t('conversations:group_previous_30_days');
    case 'month':
      return new Intl.DateTimeFormat(locale, { month: 'long' }).format(
        new Date(group.year ?? 2000, group.month ?? 0, 1),
      );
    case 'year':
      return String(group.year ?? '');
  }
}

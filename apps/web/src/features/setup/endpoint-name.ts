import type { AdminEndpointView } from '@confab/shared';
import type { TFunction } from 'i18next';

/** How an endpoint is named to people: a custom one by its own name, a built-in one by its provider. */
export function endpointDisplayName(view: Pick<AdminEndpointView, 'name' | 'family'>, t: TFunction<'setup'>): string {
  return view.family === 'custom' || view.family === 'local' ? view.name : t(`provider.${view.family}`);
}

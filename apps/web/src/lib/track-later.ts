import type { AnalyticsEvent } from '@confab/shared';
import type { AnalyticsProperties } from './analytics';

/**
 * `track` for code the sign-in pages load (the session store, the policy links): the analytics
 * module validates events against the shared zod schema, and zod is a quarter of what /login
 * would otherwise download (issue 26). The event is sent once the module has loaded, in order.
 */
export function trackLater(event: AnalyticsEvent, properties?: AnalyticsProperties): void {
  import('./analytics').then(
    ({ track }) => track(event, properties),
    () => undefined,
  );
}

import type { AnalyticsEvent } from '@confab/shared';

// Placeholder: SPEC 7 analytics (POST /api/events and the web analytics service), built by its own part of issue 21.
export function track(
  _event: AnalyticsEvent,
  _properties: Record<string, string | number | boolean | null> = {},
): void {}

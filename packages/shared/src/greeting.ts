export type GreetingPeriod = 'late_night' | 'morning' | 'afternoon' | 'evening';

/**
 * Landing greeting of SPEC 2: late night 0-5h, morning before 12, afternoon before 17,
 * else evening.
 * @example getGreetingPeriod(new Date('2026-01-01T09:00')) // 'morning'
 */
export function getGreetingPeriod(date: Date): GreetingPeriod {
  const hour = date.getHours();
  if (hour < 5) return 'late_night';
  if (hour < 12) return 'morning';
  if (hour < 17) return 'afternoon';
  return 'evening';
}

/** Replaces the `{{user}}` placeholder of a configured welcome text. */
export function fillWelcomeText(template: string, name: string | undefined, fallback: string): string {
  return template.replaceAll('{{user}}', name?.trim() || fallback);
}

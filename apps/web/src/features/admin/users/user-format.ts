import type { AdminUser } from '@confab/shared';

export type UserStatus = 'banned' | 'invited' | 'unverified' | 'active';

/** What the status column says: a running ban first, then a pending invitation, then an unproven address. */
export function statusOf(user: AdminUser, now = Date.now()): UserStatus {
  if (user.bannedUntil && Date.parse(user.bannedUntil) > now) return 'banned';
  if (user.isInvited) return 'invited';
  if (!user.emailVerified) return 'unverified';
  return 'active';
}

/** "Nov 21, 2026" in the UI language. */
export function formatDay(iso: string, locale: string): string {
  const value = new Date(iso);
  return Number.isNaN(value.getTime())
    ? ''
    : value.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "Nov 21, 2026, 14:32". */
export function formatMoment(iso: string, locale: string): string {
  const value = new Date(iso);
  return Number.isNaN(value.getTime())
    ? ''
    : value.toLocaleString(locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
}

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "3 minutes ago", "yesterday" ("3 min. ago" when `isShort`), in the UI language. */
export function formatAgo(iso: string, locale: string, { now = Date.now(), isShort = false } = {}): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const style = isShort ? 'short' : 'long';
  let amount = (at - now) / 1000;
  // Under a minute reads as a minute: "now" alone looks like a live status.
  if (Math.abs(amount) < 60) {
    return new Intl.RelativeTimeFormat(locale, { numeric: 'always', style }).format(amount <= 0 ? -1 : 1, 'minute');
  }
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) {
      return new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style }).format(Math.round(amount), unit);
    }
    amount /= size;
  }
  return '';
}

/** Whole credits, grouped: "20,000". */
export function formatBalance(credits: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(credits);
}

/** Two letters for the avatar: "Grace Hopper" → "GH". */
export function initialsOf(user: Pick<AdminUser, 'name' | 'email'>): string {
  const words = (user.name || user.email).trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ''}${words.at(-1)?.[0] ?? ''}` : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

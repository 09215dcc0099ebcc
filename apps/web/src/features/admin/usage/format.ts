/** Number and date formats of Admin → Usage, in the reader's language; days are UTC calendar days. */

export function formatCount(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/** 1.2K, 3.4M: for tiles and axes, where space is short (the exact figure is in the tooltip or CSV). */
export function formatCompact(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A YYYY-MM-DD day as "Nov 3" (or with the weekday and year when `long`), read as UTC. */
export function formatDay(day: string, locale: string | undefined, long = false): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return '';
  const key = `${locale ?? ''}|${long}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      long ? { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' } : { month: 'short', day: 'numeric', timeZone: 'UTC' },
    );
    dayFormats.set(key, format);
  }
  return format.format(date);
}

export function formatDateTime(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` input's value, in the browser's time zone ("2026-05-01T09:30"). */
export function toLocalInputValue(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (local time) as an ISO instant; null when empty or not a date. */
export function fromLocalInputValue(value: string): string | null {
  if (!value) return null;
  // Without an offset, "YYYY-MM-DDTHH:mm" is read as local time, which is what the input shows.
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The browser's time zone, for the hint under the inputs ("Europe/Berlin"). */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return '';
  }
}

/** A table's date column: "Nov 21, 2026" in the UI language; empty for a missing or bad date. */
export function formatTableDate(iso: string | undefined, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

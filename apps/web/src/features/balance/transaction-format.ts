/** "Nov 21, 2026" and "14:32" in the UI language; empty for a bad date. */
export function formatTransactionDate(iso: string, locale: string): { date: string; time: string } {
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return { date: '', time: '' };
  return {
    date: value.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' }),
    time: value.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }),
  };
}

/**
 * Splits text into pieces to synthesise one after another, so the first audio can go out while
 * the rest is made. Sentences shorter than `min` join the next one (fewer requests, fewer seams).
 */
export function splitSentences(text: string, min = 20): string[] {
  const raw = text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?…。！？])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const out: string[] = [];
  let pending = '';
  for (const s of raw) {
    pending = pending ? `${pending} ${s}` : s;
    if (pending.length >= min) {
      out.push(pending);
      pending = '';
    }
  }
  if (pending) out.push(pending);
  return out;
}

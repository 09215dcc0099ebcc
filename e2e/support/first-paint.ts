/**
 * What a page shows from its navigation on, frame by frame (issue 35: no raw markdown on first
 * paint, no wrong name, no layout shift). Shared by e2e/tests/first-paint.spec.ts and the browser
 * benchmark (bench/browser/first-paint.ts). The recorder is plain JavaScript in a string: the app's
 * CSP forbids eval, and a function compiled by tsx would carry helpers the page does not have.
 */

/** One animation frame whose message text, model label or input placeholder differs from the last recorded. */
export interface PaintFrame {
  /** ms since the navigation started (the page's performance.now()). */
  at: number;
  /** The rendered text (innerText) of every message row. */
  messages: string;
  /** The model selector's label; null while it shows none (a skeleton). */
  label: string | null;
  placeholder: string | null;
}

export interface FirstPaintRecord {
  frames: PaintFrame[];
  /** Layout shifts without recent input, as Chrome reports them ('layout-shift' entries). */
  shifts: { at: number; value: number; sources: string[] }[];
  /** Their sum: the cumulative layout shift of the load. */
  cls: number;
}

/**
 * Installed before the app's scripts (addInitScript): every animation frame it reads what that
 * frame paints (a rAF callback runs after the tasks that changed the page and before the paint).
 */
export const FIRST_PAINT_RECORDER = `(() => {
  const record = { frames: [], shifts: [], cls: 0 };
  window.__firstPaint = record;
  const describe = (node) => node && node.nodeType === 1
    ? node.tagName.toLowerCase() + (node.dataset.testid ? '[' + node.dataset.testid + ']' : '')
    : String(node && node.nodeName);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      record.cls += entry.value;
      record.shifts.push({
        at: entry.startTime,
        value: entry.value,
        sources: (entry.sources || []).map((s) => describe(s.node) + ' ' + s.previousRect.y + '→' + s.currentRect.y),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const onFrame = () => {
    const rows = document.querySelectorAll('[data-testid="message-text"]');
    const label = document.querySelector('[data-testid="model-picker-label"]');
    const input = document.querySelector('[data-testid="chat-input"]');
    const frame = {
      at: performance.now(),
      messages: Array.from(rows, (row) => row.innerText).join('\\n'),
      label: label ? label.textContent : null,
      placeholder: input ? input.getAttribute('placeholder') : null,
    };
    const last = record.frames[record.frames.length - 1];
    if (!last || last.messages !== frame.messages || last.label !== frame.label || last.placeholder !== frame.placeholder)
      record.frames.push(frame);
    requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);
})();`;

/** Read back with page.evaluate. */
export const READ_FIRST_PAINT = 'window.__firstPaint';

/** Markdown as typed: a table's rule, a code fence, a math delimiter. */
export const RAW_MARKDOWN = /\|\s*-{3}|```|\$/;

/** Frames that show `visibleText` in a message row and, in the same frame, markdown as typed. */
export function rawMarkdownFrames(record: FirstPaintRecord, visibleText: string): PaintFrame[] {
  return record.frames.filter((f) => f.messages.includes(visibleText) && RAW_MARKDOWN.test(f.messages));
}

/** Milliseconds from navigation to the first frame that shows `visibleText`; null if none did. */
export function firstFrameWith(record: FirstPaintRecord, visibleText: string): number | null {
  return record.frames.find((f) => f.messages.includes(visibleText))?.at ?? null;
}

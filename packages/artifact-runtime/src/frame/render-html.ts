import tailwindUrl from '@tailwindcss/browser?url';

/**
 * Hosted Tailwind scripts (the v3 "play" CDN, the v4 browser build on unpkg/jsdelivr) are swapped
 * for the copy this server serves, so a page written for them keeps its styles with no network.
 * `tailwind.config = {...}` scripts written for the v3 CDN find an object to write to.
 */
const HOSTED_TAILWIND =
  /<script\b[^>]*\bsrc\s*=\s*["']https?:\/\/(?:cdn\.tailwindcss\.com[^"']*|(?:unpkg\.com|cdn\.jsdelivr\.net\/npm)\/@tailwindcss\/browser[^"']*)["'][^>]*>\s*<\/script>/gi;

export function localiseTailwind(html: string): string {
  const local = `<script>window.tailwind=window.tailwind||{config:{}}</script><script src="${tailwindUrl}"></script>`;
  return html.replace(HOSTED_TAILWIND, local);
}

/**
 * Put first in the page (after its doctype, on the same line, so line numbers stay): tells this
 * frame when the page's DOM is ready. The load event alone is not enough: a page that starts a
 * navigation while loading (a form submitted at once, which the CSP then blocks) never fires it.
 */
const READY_PING =
  "<script>addEventListener('DOMContentLoaded',function(){parent.postMessage({confabHtmlReady:true},'*')})</script>";

export function withReadyPing(html: string): string {
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? doctype[0] + READY_PING + html.slice(doctype[0].length) : READY_PING + html;
}

/** The longest a page may take to say it is ready before it is shown anyway. */
const READY_TIMEOUT_MS = 4000;

let current: HTMLIFrameElement | null = null;
let pending: HTMLIFrameElement | null = null;

/**
 * Shows the page in a nested frame (sandboxed like this one, under this page's CSP), loading each
 * new version off screen and swapping it in when it has loaded, so live updates never flash blank.
 */
export function renderHtml(element: HTMLElement, html: string): Promise<void> {
  pending?.remove();
  const frame = document.createElement('iframe');
  pending = frame;
  frame.setAttribute('sandbox', 'allow-scripts allow-forms');
  frame.title = 'HTML preview';
  frame.className = current ? 'artifact-html artifact-html-next' : 'artifact-html';
  return new Promise((resolve) => {
    const shown = () => {
      window.removeEventListener('message', onPing);
      frame.removeEventListener('load', shown);
      clearTimeout(timer);
      if (pending !== frame) return resolve();
      current?.remove();
      frame.className = 'artifact-html';
      frame.id = 'artifact-html';
      current = frame;
      pending = null;
      resolve();
    };
    const onPing = (event: MessageEvent) => {
      if (
        event.source === frame.contentWindow &&
        (event.data as { confabHtmlReady?: unknown })?.confabHtmlReady === true
      )
        shown();
    };
    window.addEventListener('message', onPing);
    frame.addEventListener('load', shown);
    const timer = setTimeout(shown, READY_TIMEOUT_MS);
    frame.srcdoc = withReadyPing(localiseTailwind(html));
    element.append(frame);
  });
}

export function clearHtml(): void {
  current?.remove();
  pending?.remove();
  current = pending = null;
}

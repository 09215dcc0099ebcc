import type { ComponentType } from 'react';
import './frame.css';
import { ARTIFACT_CHANNEL, type FrameLabels, type FrameMessage, type RenderRequest } from '../protocol';
import { ArtifactError, lineOfError, messageOf } from './artifact-error';
import { hideError, setPending, showError } from './error-panel';

type Mode = 'html' | 'svg' | 'mermaid' | 'react';

const MODES: Record<string, Mode> = {
  'text/html': 'html',
  'application/vnd.code-html': 'html',
  'image/svg+xml': 'svg',
  'application/vnd.mermaid': 'mermaid',
  'application/vnd.react': 'react',
};

const root = document.getElementById('artifact-root')!;
let mode: Mode | null = null;
let labels: FrameLabels | undefined;
/** The request being drawn, and the newest one waiting behind it (older waiting ones are skipped). */
let busy = false;
let waiting: RenderRequest | null = null;
/** Whether something good is on screen (a streaming error then leaves it there). */
let shown = false;
let currentSeq = 0;
let lastGoodComponent: ComponentType | null = null;

function post(message: FrameMessage) {
  window.parent.postMessage(message, '*');
}

async function clearFor(next: Mode) {
  if (mode === next) return;
  if (mode === 'react') (await import('./render-react')).unmountReact();
  if (mode === 'html') (await import('./render-html')).clearHtml();
  root.replaceChildren();
  root.className = `mode-${next}`;
  document.body.dataset.mode = next;
  mode = next;
  shown = false;
  lastGoodComponent = null;
}

function applyTheme(theme: RenderRequest['theme']) {
  const dark = theme === 'dark';
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

let tailwindReady: Promise<void> | null = null;

/** Tailwind compiles the classes it sees in the page; it is needed by React artifacts only. */
async function loadTailwind(): Promise<void> {
  tailwindReady ??= Promise.all([import('@tailwindcss/browser?url'), import('./shadcn-theme.css?raw')]).then(
    ([{ default: url }, { default: theme }]) =>
      new Promise<void>((resolve, reject) => {
        const style = document.createElement('style');
        style.type = 'text/tailwindcss';
        style.textContent = theme;
        document.head.append(style);
        const script = document.createElement('script');
        script.src = url;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error('The styles engine did not load'));
        document.head.append(script);
      }),
  );
  return tailwindReady;
}

async function draw(request: RenderRequest): Promise<void> {
  const next = MODES[request.artifactType];
  if (!next) throw new ArtifactError(`Artifacts of type ${request.artifactType} have no preview`);
  await clearFor(next);
  const dark = request.theme === 'dark';
  switch (next) {
    case 'html':
      await (await import('./render-html')).renderHtml(root, request.content);
      return;
    case 'svg':
      (await import('./render-svg')).renderSvg(root, request.content);
      return;
    case 'mermaid':
      await (await import('./render-mermaid')).renderMermaid(root, request.content, dark);
      return;
    case 'react': {
      const [react] = await Promise.all([import('./render-react'), loadTailwind()]);
      const component = await react.compileComponent(request.content);
      const show = (artifact: typeof component) =>
        new Promise<void>((resolve, reject) =>
          react.renderComponent(root, artifact, { rendered: resolve, failed: reject }),
        );
      try {
        await show(component);
        lastGoodComponent = component;
      } catch (error) {
        // Mid-stream code that compiles can still throw: put the last good version back meanwhile.
        if (request.streaming && lastGoodComponent) await show(lastGoodComponent).catch(() => undefined);
        throw error;
      }
      return;
    }
  }
}

async function run(request: RenderRequest) {
  currentSeq = request.seq;
  labels = request.labels ?? labels;
  applyTheme(request.theme);
  try {
    if (!shown) setPending(true);
    await draw(request);
    shown = true;
    setPending(false);
    hideError();
    post({ channel: ARTIFACT_CHANNEL, type: 'rendered', seq: request.seq });
  } catch (error) {
    const line = lineOfError(error);
    const message = messageOf(error);
    // Half-written code fails all the time while it streams: keep what was shown, say nothing yet.
    if (request.streaming) return;
    setPending(false);
    showError(message, line, labels, root.childNodes.length > 0);
    post({ channel: ARTIFACT_CHANNEL, type: 'error', seq: request.seq, message, ...(line ? { line } : {}) });
  }
}

async function pump(request: RenderRequest) {
  if (busy) {
    waiting = request;
    return;
  }
  busy = true;
  let next: RenderRequest | null = request;
  while (next) {
    waiting = null;
    await run(next);
    next = waiting;
  }
  busy = false;
}

function isRenderRequest(data: unknown): data is RenderRequest {
  const value = data as Partial<RenderRequest> | null;
  return (
    typeof value === 'object' &&
    value !== null &&
    value.channel === ARTIFACT_CHANNEL &&
    value.type === 'render' &&
    typeof value.seq === 'number' &&
    typeof value.artifactType === 'string' &&
    typeof value.content === 'string'
  );
}

window.addEventListener('message', (event) => {
  // Only the app that embeds this frame drives it; the artifact's own posts are not requests.
  if (event.source !== window.parent || !isRenderRequest(event.data)) return;
  void pump(event.data);
});

/** Errors after the first render (an event handler, a timer) are reported too, with their line. */
function reportLate(error: unknown) {
  if (!shown || mode !== 'react') return;
  const line = lineOfError(error);
  const message = messageOf(error);
  showError(message, line, labels, true);
  post({ channel: ARTIFACT_CHANNEL, type: 'error', seq: currentSeq, message, ...(line ? { line } : {}) });
}
window.addEventListener('error', (event) => reportLate(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => reportLate(event.reason));

post({ channel: ARTIFACT_CHANNEL, type: 'ready' });

import type { FrameLocator, Page } from '@playwright/test';

/** The frame's answer to one render post (the artifact runtime's protocol, issue 38). */
export type FrameAnswer = { type: 'rendered' } | { type: 'error'; message: string; line?: number };

/**
 * Embeds the preview frame in the page as the app's ArtifactFrame does (sandbox without
 * allow-same-origin, the server's frame page), and gives the test a way to post artifacts to it.
 * The page must be on the app's origin (the frame only lets its own app embed it).
 */
export async function mountArtifactFrame(page: Page): Promise<FrameLocator> {
  await page.evaluate(async () => {
    const state = window as unknown as {
      __artifactFrame?: HTMLIFrameElement;
      __artifactAnswers: Map<number, (answer: unknown) => void>;
    };
    state.__artifactFrame?.remove();
    state.__artifactAnswers = new Map();
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts allow-forms');
    frame.id = 'artifact-harness';
    frame.style.cssText = 'position:fixed;inset:0;width:100vw;height:100vh;border:0;z-index:2147483647;background:#fff';
    frame.src = '/artifact-runtime/frame.html';
    const ready = new Promise<void>((resolve) => {
      window.addEventListener('message', (event) => {
        if (event.source !== frame.contentWindow) return;
        const data = event.data as { channel?: string; type?: string; seq?: number };
        if (data.channel !== 'confab-artifact') return;
        if (data.type === 'ready') resolve();
        else if (typeof data.seq === 'number') state.__artifactAnswers.get(data.seq)?.(data);
      });
    });
    document.body.append(frame);
    state.__artifactFrame = frame;
    await ready;
  });
  return page.frameLocator('#artifact-harness');
}

let seq = 0;

/** Posts an artifact to the mounted frame and waits for its answer (rendered, or the error and line). */
export async function renderArtifact(
  page: Page,
  artifactType: string,
  content: string,
  options: { streaming?: boolean; theme?: 'light' | 'dark' } = {},
): Promise<FrameAnswer> {
  seq += 1;
  const answer = await page.evaluate(
    ({ request }) => {
      const state = window as unknown as {
        __artifactFrame: HTMLIFrameElement;
        __artifactAnswers: Map<number, (answer: unknown) => void>;
      };
      return new Promise<unknown>((resolve) => {
        state.__artifactAnswers.set(request.seq, resolve);
        state.__artifactFrame.contentWindow!.postMessage(request, '*');
      });
    },
    { request: { channel: 'confab-artifact', type: 'render', seq, artifactType, content, ...options } },
  );
  const { type, message, line } = answer as { type: 'rendered' | 'error'; message?: string; line?: number };
  return type === 'rendered' ? { type } : { type, message: message ?? '', ...(line ? { line } : {}) };
}

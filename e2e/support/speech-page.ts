import { expect, type Locator, type Page, type Request, type Response } from '@playwright/test';
import { AppShell } from '../pages/app-shell';

export const TTS_PATH = '/api/files/speech/tts';
export const STT_PATH = '/api/files/speech/stt';

/** Settings → Speech, by the panel's test ids (`speech-switch-<kebab name>` and so on). */
export class SpeechSettings {
  private constructor(
    private readonly page: Page,
    readonly dialog: Locator,
  ) {}

  static async open(page: Page): Promise<SpeechSettings> {
    const dialog = await new AppShell(page).openSettings();
    await dialog.getByTestId('settings-tab-speech').click();
    await expect(dialog.getByTestId('speech-settings')).toBeVisible();
    return new SpeechSettings(page, dialog);
  }

  switch(name: string): Locator {
    return this.dialog.getByTestId(`speech-switch-${name}`);
  }

  range(name: string): Locator {
    return this.dialog.getByTestId(`speech-range-${name}`);
  }

  select(name: string): Locator {
    return this.dialog.getByTestId(`speech-select-${name}`);
  }

  /** Turns a switch on (clicking only when it is off) and checks that it took. */
  async turnOn(name: string): Promise<void> {
    const control = this.switch(name);
    if ((await control.getAttribute('aria-checked')) !== 'true') await control.click();
    await expect(control).toHaveAttribute('aria-checked', 'true');
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.dialog).toBeHidden();
  }
}

/** Writes speech settings the way the app stores them (localStorage, JSON, LibreChat's names), before the app loads. */
export async function storeSpeechSettings(page: Page, settings: Record<string, unknown>): Promise<void> {
  await page.addInitScript((entries) => {
    for (const [name, value] of entries) localStorage.setItem(name, JSON.stringify(value));
  }, Object.entries(settings));
}

export const microphoneButton = (page: Page) => page.getByTestId('microphone-button');
export const toasts = (page: Page) => page.getByTestId('toast');

export interface MicrophoneState {
  state: string;
  /** performance.now() in the page when the button took it. */
  at: number;
}

/**
 * Records every `data-state` the microphone button takes from now on, with when (a
 * MutationObserver, so a transcription shorter than an expect's polling interval is still seen).
 * Read them with `microphoneStates`.
 */
export async function watchMicrophoneStates(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: { state: string; at: number }[] = [];
    (window as unknown as { __micStates: typeof seen }).__micStates = seen;
    const note = () => {
      const state = document.querySelector('[data-testid="microphone-button"]')?.getAttribute('data-state');
      if (state && seen.at(-1)?.state !== state) seen.push({ state, at: performance.now() });
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
}

export function microphoneStates(page: Page): Promise<MicrophoneState[]> {
  return page.evaluate(() => (window as unknown as { __micStates: MicrophoneState[] }).__micStates);
}

/** The read-aloud requests this page makes, with their responses as they come. */
export function recordTtsRequests(page: Page): { requests: Request[]; responses: Response[] } {
  const requests: Request[] = [];
  const responses: Response[] = [];
  const isTts = (url: string) => new URL(url).pathname === TTS_PATH;
  page.on('request', (request) => {
    if (isTts(request.url()) && request.method() === 'POST') requests.push(request);
  });
  page.on('response', (response) => {
    if (isTts(response.url()) && response.request().method() === 'POST') responses.push(response);
  });
  return { requests, responses };
}

import { expect, type Locator, type Page } from '@playwright/test';
import { CONVERSATION_URL, signUpToNewChat, type ChatPage } from './chat-page';

/** The built-in "Meme maker" agent (MEME_AGENT_ID in packages/shared). */
export const MEME_AGENT_ID = 'agent_meme_maker';

/** A region of the 1080×1920 meme, in its own pixels. */
export interface MemeRegion {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** What a region of a canvas holds: how many pixels are caption white, how many outline dark. */
export interface RegionInk {
  white: number;
  dark: number;
  total: number;
}

/** Signs up, opens a new chat and chooses the Meme maker agent in the model selector. */
export async function openMemeMakerChat(page: Page): Promise<ChatPage> {
  const chat = await signUpToNewChat(page);
  await page.getByTestId('model-picker').click();
  await page.locator(`[data-testid="agent-option"][data-agent="${MEME_AGENT_ID}"]`).click();
  await expect(page.getByTestId('model-picker-label')).toHaveText('Meme maker');
  return chat;
}

/** The meme grid of a reply, its slots and what their canvases show. */
export class MemeGrid {
  readonly root: Locator;
  readonly slots: Locator;

  constructor(
    private readonly page: Page,
    scope: Locator,
  ) {
    this.root = scope.getByTestId('meme-grid');
    this.slots = this.root.getByTestId('meme-slot');
  }

  slot(index: number): Locator {
    return this.slots.nth(index);
  }

  canvas(index: number): Locator {
    return this.slot(index).getByTestId('meme-canvas');
  }

  /** Waits until every image slot has finished and drawn its picture (not a placeholder). */
  async waitUntilDrawn(count: number, timeout = 30_000): Promise<void> {
    await expect(this.slots).toHaveCount(count, { timeout });
    for (let i = 0; i < count; i++) {
      await expect(this.slot(i)).toHaveAttribute('data-status', 'done', { timeout });
      await expect(this.canvas(i)).toHaveAttribute('data-phase', 'ready', { timeout });
      await expect(this.slot(i).getByTestId('meme-placeholder')).toHaveCount(0);
    }
  }

  /**
   * Counts caption-white (every channel ≥ 235) and outline-dark (every channel ≤ 40) pixels of the
   * canvas inside `region` (meme pixels: the canvas is drawn at 1080×1920 whatever its CSS size).
   */
  async inkIn(index: number, region: MemeRegion): Promise<RegionInk> {
    return this.canvas(index).evaluate((element, r) => {
      const canvas = element as HTMLCanvasElement;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      const { data } = ctx.getImageData(r.x, r.y, r.w, r.h);
      let white = 0;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) {
        const [red, green, blue] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (red >= 235 && green >= 235 && blue >= 235) white += 1;
        if (red <= 40 && green <= 40 && blue <= 40) dark += 1;
      }
      return { white, dark, total: data.length / 4 };
    }, region);
  }

  /**
   * The meme as the expanded view draws it (the full layout, no legibility floor), as a PNG: the
   * slot's expand button opens the dialog, which is closed again after.
   */
  async fullSizePng(index: number): Promise<{ png: Buffer; width: number; height: number }> {
    await this.slot(index).getByTestId('meme-expand').click();
    const dialog = this.page.getByTestId('meme-dialog');
    // "View full size" comes once the dialog's canvas is drawn.
    await expect(dialog.getByTestId('meme-view-full-size')).toBeEnabled({ timeout: 30_000 });
    const png = await canvasPng(dialog.getByTestId('meme-dialog-canvas'));
    await this.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    return png;
  }
}

/** A canvas's pixels as a PNG, at the canvas's own size. */
async function canvasPng(canvas: Locator): Promise<{ png: Buffer; width: number; height: number }> {
  const { dataUrl, width, height } = await canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    return { dataUrl: c.toDataURL('image/png'), width: c.width, height: c.height };
  });
  return { png: Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'), width, height };
}

/** A tool call as the server stores it in a message's content. */
export interface StoredToolCall {
  id: string;
  name: string;
  args: unknown;
  output?: string;
}

/** An access token for the page's session (a refresh through the context's cookie jar). */
export async function accessToken(page: Page): Promise<string> {
  const res = await page.request.post('/api/auth/refresh');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** The conversation id of the open chat (its URL). */
export async function conversationIdOf(page: Page): Promise<string> {
  await expect(page).toHaveURL(CONVERSATION_URL);
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** The tool calls stored in the open conversation's messages, in order. */
export async function storedToolCalls(page: Page, token: string): Promise<StoredToolCall[]> {
  const conversationId = await conversationIdOf(page);
  const res = await page.request.get(`/api/messages/${conversationId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  const messages = (await res.json()) as { content?: { type: string; tool_call?: StoredToolCall }[] | null }[];
  return messages.flatMap((m) =>
    (m.content ?? []).flatMap((part) => (part.type === 'tool_call' && part.tool_call ? [part.tool_call] : [])),
  );
}

import { expect, type Locator, type Page } from '@playwright/test';

/** A file as the tests hand it to the page: its name, type and bytes. */
export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export const textFile = (name: string, text: string, mimeType = 'text/plain'): TestFile => ({
  name,
  mimeType,
  buffer: Buffer.from(text),
});

/** A real PNG of the given size, drawn by the browser (no image library needed on this side). */
export async function pngFile(page: Page, name: string, width: number, height: number): Promise<TestFile> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = new OffscreenCanvas(w, h);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      const gradient = ctx.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#f97316');
      gradient.addColorStop(1, '#7c3aed');
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, w, h);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    },
    [width, height] as const,
  );
  return { name, mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') };
}

const serialise = (files: TestFile[]) =>
  files.map((f) => ({ name: f.name, type: f.mimeType, base64: f.buffer.toString('base64') }));

/** The chat's files: the attach button, paste, drop, the previews in the input and the files of messages. */
export class FilesPanel {
  readonly attachButton: Locator;
  readonly fileInput: Locator;
  readonly previews: Locator;
  readonly dropOverlay: Locator;
  readonly toasts: Locator;
  readonly viewer: Locator;

  constructor(private readonly page: Page) {
    this.attachButton = page.getByTestId('attach-button');
    this.fileInput = page.getByTestId('file-input');
    this.previews = page.getByTestId('attachment-preview');
    this.dropOverlay = page.getByTestId('drop-overlay');
    this.toasts = page.getByTestId('toast');
    this.viewer = page.getByTestId('image-viewer');
  }

  /** Chooses files through the paperclip's file chooser. */
  async attach(files: TestFile[]): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.attachButton.click();
    await (await chooser).setFiles(files);
  }

  /** Pastes files into the message box, as a screenshot pasted from the clipboard arrives. */
  async paste(files: TestFile[]): Promise<void> {
    await this.page.getByTestId('chat-input').evaluate((area, list) => {
      const data = new DataTransfer();
      for (const f of list)
        data.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, serialise(files));
  }

  /** Starts dragging files over the chat (the overlay shows). */
  async dragEnter(files: TestFile[]): Promise<void> {
    await this.page.evaluate((list) => {
      const data = new DataTransfer();
      for (const f of list)
        data.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      const target = document.querySelector('[data-testid="chat-page"]') ?? document.body;
      target.dispatchEvent(new DragEvent('dragenter', { dataTransfer: data, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, serialise(files));
  }

  /** Drops files on the chat. */
  async drop(files: TestFile[]): Promise<void> {
    await this.page.evaluate((list) => {
      const data = new DataTransfer();
      for (const f of list)
        data.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      const target = document.querySelector('[data-testid="message-list"]') ?? document.body;
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, serialise(files));
  }

  preview(name: string | RegExp): Locator {
    return typeof name === 'string'
      ? this.page.locator(`[data-testid="attachment-preview"][data-filename="${name}"]`)
      : this.previews.filter({ hasText: name });
  }

  /** Waits until every attached file has reached progress 1. */
  async waitForUploads(count: number): Promise<void> {
    await expect(this.previews).toHaveCount(count);
    for (let i = 0; i < count; i++)
      await expect(this.previews.nth(i)).toHaveAttribute('data-progress', '1', { timeout: 15_000 });
  }

  imagesOf(message: Locator): Locator {
    return message.getByTestId('message-image');
  }

  fileTilesOf(message: Locator): Locator {
    return message.getByTestId('message-file');
  }

  /** The toast showing `text` (one toast may list several problems). */
  toast(text: string | RegExp): Locator {
    return this.toasts.filter({ hasText: text });
  }
}

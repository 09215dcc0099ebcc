import { expect, type Locator, type Page } from '@playwright/test';

/** A caption box on the editor's stage, in the meme's pixels (its data-x… attributes). */
export interface EditorBoxGeometry {
  x: number;
  y: number;
  w: number;
  h: number;
  rotation: number;
}

/** The meme editor dialog (apps/web/src/features/memes/editor). */
export class MemeEditor {
  readonly root: Locator;
  readonly stage: Locator;
  readonly boxes: Locator;
  readonly text: Locator;
  readonly addBox: Locator;
  readonly undo: Locator;
  readonly redo: Locator;
  readonly save: Locator;
  readonly cancel: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByTestId('meme-editor');
    this.stage = this.root.getByTestId('meme-editor-stage');
    this.boxes = this.root.getByTestId('meme-editor-box');
    this.text = this.root.getByTestId('meme-editor-text');
    this.addBox = this.root.getByTestId('meme-editor-add-box');
    this.undo = this.root.getByTestId('meme-editor-undo');
    this.redo = this.root.getByTestId('meme-editor-redo');
    this.save = this.root.getByTestId('meme-editor-save');
    this.cancel = this.root.getByTestId('meme-editor-cancel');
  }

  /** Opens a reply's meme in the editor: its expanded view, then Edit. */
  async openFrom(slot: Locator): Promise<void> {
    await slot.getByTestId('meme-expand').click();
    await this.page.getByTestId('meme-dialog-edit').click();
    await this.waitUntilReady();
  }

  box(index: number): Locator {
    return this.boxes.nth(index);
  }

  /** The editor is open and its picture loaded (Save waits for it). */
  async waitUntilReady(): Promise<void> {
    await expect(this.root).toBeVisible();
    await expect(this.save).toBeEnabled({ timeout: 30_000 });
  }

  async geometry(index: number): Promise<EditorBoxGeometry> {
    const read = async (name: string) => Number(await this.box(index).getAttribute(`data-${name}`));
    return {
      x: await read('x'),
      y: await read('y'),
      w: await read('w'),
      h: await read('h'),
      rotation: await read('rotation'),
    };
  }

  font(name: string): Locator {
    return this.root.locator(`[data-testid="meme-editor-font"] [data-value="${name}"]`);
  }

  textColor(hex: string): Locator {
    return this.root.locator(`[data-testid="meme-editor-text-color"] [data-color="${hex}"]`);
  }

  /** Drags a box's middle by (dx, dy) screen px with the mouse. */
  async dragBox(index: number, dx: number, dy: number): Promise<void> {
    const area = await this.box(index).boundingBox();
    if (!area) throw new Error('box not shown');
    const [x, y] = [area.x + area.width / 2, area.y + area.height / 2];
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx, y + dy, { steps: 6 });
    await this.page.mouse.up();
  }

  /**
   * Drags a box's middle by (dx, dy) with a finger: real touch input through the DevTools
   * protocol, which the page receives as pointer events of type touch (hasTouch contexts).
   */
  async touchDragBox(index: number, dx: number, dy: number): Promise<void> {
    const area = await this.box(index).boundingBox();
    if (!area) throw new Error('box not shown');
    const [x, y] = [area.x + area.width / 2, area.y + area.height / 2];
    const cdp = await this.page.context().newCDPSession(this.page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', px: number, py: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: px, y: py, id: 1 }],
      });
    await touch('touchStart', x, y);
    for (let step = 1; step <= 6; step++) await touch('touchMove', x + (dx * step) / 6, y + (dy * step) / 6);
    await touch('touchEnd', x + dx, y + dy);
    await cdp.detach();
  }

  /** Presses Tab until `target` has the focus (the keyboard-only way to reach a control). */
  async tabTo(target: Locator, maxPresses = 80): Promise<void> {
    for (let i = 0; i < maxPresses; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await this.page.keyboard.press('Tab');
    }
    throw new Error('Tab never reached the control');
  }
}

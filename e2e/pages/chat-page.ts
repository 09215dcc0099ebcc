import { expect, type Locator, type Page } from '@playwright/test';
import { registerViaApi } from './accounts';

export const CONVERSATION_URL = /\/c\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The chat screen: model picker, message list, input, and the actions under each message. */
export class ChatPage {
  readonly input: Locator;
  readonly sendButton: Locator;
  readonly stopButton: Locator;
  readonly messages: Locator;
  readonly userMessages: Locator;
  readonly assistantMessages: Locator;
  readonly modelPicker: Locator;
  readonly messageList: Locator;
  readonly scrollToBottom: Locator;
  readonly landing: Locator;
  readonly notFound: Locator;

  constructor(private readonly page: Page) {
    this.input = page.getByTestId('chat-input');
    this.sendButton = page.getByTestId('send-button');
    this.stopButton = page.getByTestId('stop-button');
    this.messages = page.getByTestId('message');
    this.userMessages = page.locator('[data-testid="message"][data-role="user"]');
    this.assistantMessages = page.locator('[data-testid="message"][data-role="assistant"]');
    this.modelPicker = page.getByTestId('model-picker');
    this.messageList = page.getByTestId('message-list');
    this.scrollToBottom = page.getByTestId('scroll-to-bottom');
    this.landing = page.getByTestId('chat-landing');
    this.notFound = page.getByTestId('chat-not-found');
  }

  async goto(conversationId = 'new'): Promise<void> {
    await this.page.goto(`/c/${conversationId}`);
    await expect(this.input).toBeVisible();
  }

  async selectModel(endpoint: string, model: string): Promise<void> {
    await this.modelPicker.click();
    await this.page.locator(`[data-testid="model-option"][data-endpoint="${endpoint}"][data-model="${model}"]`).click();
    await expect(this.page.getByTestId('model-picker-label')).toHaveText(model);
  }

  /** Types the text and presses Enter. */
  async send(text: string): Promise<void> {
    await this.input.fill(text);
    await this.input.press('Enter');
  }

  /** Waits until no reply is being generated (the send button is back). */
  async waitForIdle(timeout = 20_000): Promise<void> {
    await expect(this.stopButton).toBeHidden({ timeout });
    await expect(this.sendButton).toBeVisible();
  }

  lastAssistant(): Locator {
    return this.assistantMessages.last();
  }

  /** The rendered text of a message row's body. */
  textOf(message: Locator): Locator {
    return message.getByTestId('message-text');
  }

  /** The "i / n" counter of a message that has siblings. */
  siblingPosition(message: Locator): Locator {
    return message.getByTestId('sibling-position');
  }

  async previousSibling(message: Locator): Promise<void> {
    await message.getByTestId('sibling-prev').click();
  }

  async nextSibling(message: Locator): Promise<void> {
    await message.getByTestId('sibling-next').click();
  }

  async regenerate(message: Locator): Promise<void> {
    await message.hover();
    await message.getByTestId('regenerate').click();
  }

  /** Opens the inline editor of a message, replaces its text, then saves (and submits). */
  async edit(message: Locator, text: string, mode: 'submit' | 'save' = 'submit'): Promise<void> {
    await message.hover();
    await message.getByTestId('edit-message').click();
    const editor = this.page.getByTestId('edit-textarea');
    await editor.fill(text);
    await this.page.getByTestId(mode === 'submit' ? 'edit-submit' : 'edit-save').click();
  }

  /** A message row by (part of) its text; rows outside the viewport are not in the DOM. */
  messageWithText(text: string | RegExp): Locator {
    return this.messages.filter({ has: this.page.getByTestId('message-text').filter({ hasText: text }) });
  }

  /** Scrolls the message list by `dy` pixels (positive is down). */
  async scrollBy(dy: number): Promise<void> {
    await this.messageList.evaluate((el, delta) => el.scrollBy(0, delta), dy);
  }

  /**
   * Scrolls to the first message, as far as it stays there: a conversation just opened settles at
   * its end over a few frames (rows measured, text and code loading), and a scroll made before
   * that is taken back, as a reader's would be.
   */
  async scrollToTop(): Promise<void> {
    await expect(async () => {
      await this.messageList.evaluate((el) => el.scrollTo(0, 0));
      await this.page.waitForTimeout(150);
      expect(await this.messageList.evaluate((el) => el.scrollTop)).toBe(0);
    }).toPass({ timeout: 10_000 });
  }

  /** Scrolls down from the current position until `target` is in the DOM and visible. */
  async scrollDownUntilVisible(target: Locator, step = 600, maxSteps = 400): Promise<void> {
    for (let i = 0; i < maxSteps; i++) {
      if ((await target.count()) > 0 && (await target.first().isVisible())) {
        await target.first().scrollIntoViewIfNeeded();
        return;
      }
      await this.scrollBy(step);
      await this.page.waitForTimeout(16);
    }
    throw new Error('target never became visible');
  }
}

/** Registers through the API (the page's cookie jar), then opens a new chat. */
export async function signUpToNewChat(page: Page): Promise<ChatPage> {
  await registerViaApi(page.request);
  const chat = new ChatPage(page);
  await chat.goto('new');
  return chat;
}

import { expect, type Locator, type Page } from '@playwright/test';

/** The first-run setup screen (/setup) and its endpoint form (issue 25). */
export class SetupScreen {
  readonly root: Locator;
  readonly form: Locator;
  readonly testButton: Locator;
  readonly testResult: Locator;
  readonly saveButton: Locator;
  readonly ready: Locator;
  readonly startChatting: Locator;
  readonly skip: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByTestId('setup-page');
    this.form = page.getByTestId('endpoint-form');
    this.testButton = page.getByTestId('test-connection');
    this.testResult = page.getByTestId('connection-result');
    this.saveButton = page.getByTestId('endpoint-save');
    this.ready = page.getByTestId('setup-ready');
    this.startChatting = page.getByTestId('setup-start-chatting');
    this.skip = page.getByTestId('setup-skip');
  }

  async chooseProvider(family: string): Promise<void> {
    await this.page.locator(`[data-testid="provider-option"][data-family="${family}"]`).click();
    await expect(this.form).toHaveAttribute('data-family', family);
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  modelChoice(model: string): Locator {
    return this.form.locator(`[data-testid="model-choice"][data-model="${model}"]`);
  }
}

/**
 * Every response body a page receives, to prove a secret never reaches the browser. Bodies are
 * read as they arrive; `settled()` waits for the ones still streaming.
 */
export class ResponseRecorder {
  private readonly pending: Promise<void>[] = [];
  readonly bodies: { url: string; body: string }[] = [];

  constructor(page: Page) {
    page.on('response', (response) => {
      this.pending.push(
        response
          .text()
          .then((body) => void this.bodies.push({ url: response.url(), body }))
          // Redirects and aborted requests have no body to read.
          .catch(() => undefined),
      );
    });
  }

  async settled(): Promise<void> {
    await Promise.allSettled(this.pending);
  }

  /** The URLs whose body contains `text`. */
  urlsContaining(text: string): string[] {
    return this.bodies.filter((entry) => entry.body.includes(text)).map((entry) => entry.url);
  }
}

import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { SCRIPTED_ARTIFACTS } from '../support/scripted-replies';

export type ArtifactKind = keyof typeof SCRIPTED_ARTIFACTS;

/** The artifact side panel and the cards in the messages (issue 38). */
export class ArtifactsPanel {
  readonly panel: Locator;
  readonly cards: Locator;
  readonly title: Locator;
  readonly code: Locator;
  readonly error: Locator;
  readonly version: Locator;
  readonly latest: Locator;

  constructor(private readonly page: Page) {
    this.panel = page.getByTestId('artifact-panel');
    this.cards = page.getByTestId('artifact-card');
    this.title = this.panel.getByTestId('artifact-panel-title');
    this.code = this.panel.getByTestId('artifact-code');
    this.error = this.panel.getByTestId('artifact-error');
    this.version = this.panel.getByTestId('artifact-version');
    this.latest = this.panel.getByTestId('artifact-latest');
  }

  /** What the preview renders: an HTML page in its own nested frame, the other kinds in the frame's root. */
  preview(kind: ArtifactKind): Locator {
    const frame = this.panel.frameLocator('[data-testid="artifact-frame"]');
    return SCRIPTED_ARTIFACTS[kind].type === 'text/html'
      ? frame.frameLocator('#artifact-html').locator('body')
      : frame.locator('#artifact-root');
  }

  /** The frame's own error overlay. */
  frameError(): Locator {
    return this.panel.frameLocator('[data-testid="artifact-frame"]').locator('#artifact-error');
  }

  card(title: string): Locator {
    return this.cards.filter({ hasText: title });
  }

  async tab(name: 'preview' | 'code'): Promise<void> {
    await this.panel.getByTestId(`artifact-tab-${name}`).click();
  }
}

/** The prompt that makes the simulator write a scripted artifact (`isSlow`: over 3-6 s). */
export function artifactPrompt(kind: ArtifactKind, isSlow = false): string {
  return `[[artifact${isSlow ? '-slow' : ''}:${kind}]] please`;
}

/**
 * Refuses every request to a host other than this machine (the app, its runtime), and answers
 * the URLs that were tried: an artifact preview must need none.
 */
export async function blockOutsideHosts(context: BrowserContext): Promise<string[]> {
  const tried: string[] = [];
  await context.route(
    (url) => url.protocol.startsWith('http') && !['127.0.0.1', 'localhost'].includes(url.hostname),
    async (route) => {
      tried.push(route.request().url());
      await route.abort('blockedbyclient');
    },
  );
  return tried;
}

export async function expectPanelOpen(artifacts: ArtifactsPanel, title: string): Promise<void> {
  await expect(artifacts.panel).toBeVisible();
  await expect(artifacts.title).toHaveText(title);
}

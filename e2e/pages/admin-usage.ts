import { expect, type Locator, type Page } from '@playwright/test';

/** Admin → Usage: headline tiles, the daily chart, breakdowns and the CSV download. */
export class AdminUsagePage {
  readonly root: Locator;
  readonly chart: Locator;
  readonly chartImage: Locator;
  readonly tooltip: Locator;
  readonly models: Locator;
  readonly topUsers: Locator;
  readonly downloadButton: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByTestId('admin-usage-page');
    this.chart = page.getByTestId('usage-daily-chart');
    this.chartImage = this.chart.getByRole('img');
    this.tooltip = page.getByTestId('usage-daily-tooltip');
    this.models = page.getByTestId('usage-models');
    this.topUsers = page.getByTestId('usage-top-users');
    this.downloadButton = page.getByTestId('usage-download-csv');
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/usage');
    await expect(this.root).toBeVisible();
  }

  /** A headline figure: messages, users, tokens or credits. */
  tile(id: 'messages' | 'users' | 'tokens' | 'credits'): Locator {
    return this.page.getByTestId(`usage-tile-${id}-value`);
  }

  /** Downloads the CSV; answers its file name and text. */
  async downloadCsv(): Promise<{ name: string; text: string }> {
    const download = this.page.waitForEvent('download');
    await this.downloadButton.click();
    const file = await download;
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { name: file.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }
}

import { expect, type Locator, type Page } from '@playwright/test';

/** The agent builder side panel, its tools picker, and the tool calls of agent replies. */
export class AgentBuilder {
  readonly panel: Locator;
  readonly toggle: Locator;
  readonly name: Locator;
  readonly description: Locator;
  readonly instructions: Locator;
  readonly provider: Locator;
  readonly model: Locator;
  readonly save: Locator;
  readonly toolsDialog: Locator;

  constructor(private readonly page: Page) {
    this.panel = page.getByTestId('agent-panel');
    this.toggle = page.getByTestId('agent-panel-toggle');
    this.name = this.panel.getByTestId('agent-name');
    this.description = this.panel.getByTestId('agent-description');
    this.instructions = this.panel.getByTestId('agent-instructions');
    this.provider = this.panel.getByTestId('agent-provider');
    this.model = this.panel.getByTestId('agent-model');
    this.save = this.panel.getByTestId('agent-save');
    this.toolsDialog = page.getByTestId('tools-dialog');
  }

  /** Opens the builder on a new agent from the model selector's agents entry. */
  async openNewFromSelector(): Promise<void> {
    await this.page.getByTestId('model-picker').click();
    await this.page.getByTestId('menu-create-agent').click();
    await expect(this.panel).toBeVisible();
  }

  /** Adds a tool through the picker (it must need no credentials). */
  async addTool(pluginKey: string): Promise<void> {
    await this.panel.getByTestId('add-tools').click();
    await expect(this.toolsDialog).toBeVisible();
    const option = this.toolsDialog.locator(`[data-testid="tool-option"][data-tool="${pluginKey}"]`);
    await option.click();
    await expect(option).toHaveAttribute('aria-pressed', 'true');
    await this.toolsDialog.getByTestId('tools-done').click();
    await expect(this.toolsDialog).toBeHidden();
    await expect(this.panel.locator(`[data-testid="agent-tool"][data-tool="${pluginKey}"]`)).toBeVisible();
  }

  async addStarter(text: string): Promise<void> {
    await this.panel.getByTestId('add-starter').click();
    await this.panel.getByTestId('agent-starter').last().fill(text);
  }
}

/** The tool calls shown in a message. */
export function toolCalls(message: Locator): Locator {
  return message.getByTestId('tool-call');
}

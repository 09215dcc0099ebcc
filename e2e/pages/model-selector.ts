import { expect, type Locator, type Page } from '@playwright/test';

/** The header's model selector menu: specs, endpoints with models, presets, search. */
export class ModelSelector {
  readonly trigger: Locator;
  readonly label: Locator;
  readonly menu: Locator;
  readonly search: Locator;

  constructor(private readonly page: Page) {
    this.trigger = page.getByTestId('model-picker');
    this.label = page.getByTestId('model-picker-label');
    this.menu = page.getByTestId('model-menu');
    this.search = page.getByTestId('model-search');
  }

  async open(): Promise<Locator> {
    if (!(await this.menu.isVisible())) await this.trigger.click();
    await expect(this.menu).toBeVisible();
    return this.menu;
  }

  option(endpoint: string, model: string): Locator {
    return this.page.locator(`[data-testid="model-option"][data-endpoint="${endpoint}"][data-model="${model}"]`);
  }

  async chooseModel(endpoint: string, model: string): Promise<void> {
    await this.open();
    await this.option(endpoint, model).click();
    await expect(this.menu).toBeHidden();
    await expect(this.label).toHaveText(model);
  }

  async choosePreset(title: string): Promise<void> {
    await this.open();
    await this.menu.locator(`[data-testid="preset-option"][data-title="${title}"]`).click();
    await expect(this.menu).toBeHidden();
  }

  async chooseSpec(name: string): Promise<void> {
    await this.open();
    await this.menu.locator(`[data-testid="model-spec-option"][data-spec="${name}"]`).click();
    await expect(this.menu).toBeHidden();
  }

  /** The key button of an endpoint's group: opens its API key dialog. */
  async openKeyDialog(endpoint: string): Promise<ApiKeyDialog> {
    await this.open();
    await this.menu.locator(`[data-testid="endpoint-key-button"][data-endpoint="${endpoint}"]`).click();
    const dialog = new ApiKeyDialog(this.page);
    await expect(dialog.root).toBeVisible();
    return dialog;
  }
}

/** The API key dialog of one endpoint. */
export class ApiKeyDialog {
  readonly root: Locator;
  readonly status: Locator;
  readonly expiry: Locator;
  readonly submitButton: Locator;
  readonly revokeButton: Locator;
  readonly error: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByTestId('api-key-dialog');
    this.status = this.root.getByTestId('key-status');
    this.expiry = this.root.getByTestId('key-expiry');
    this.submitButton = this.root.getByTestId('key-submit');
    this.revokeButton = this.root.getByTestId('key-revoke');
    this.error = this.root.getByTestId('key-error');
  }

  field(name: string): Locator {
    return this.root.getByTestId(`key-field-${name}`);
  }

  async save(apiKey: string, expiry?: string): Promise<void> {
    await this.field('apiKey').fill(apiKey);
    if (expiry) await this.expiry.selectOption(expiry);
    await this.submitButton.click();
    await expect(this.root).toBeHidden();
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.root).toBeHidden();
  }
}

/** The parameters panel of the current conversation, and the preset dialogs it opens. */
export class ParametersPanel {
  readonly toggle: Locator;
  readonly root: Locator;

  constructor(private readonly page: Page) {
    this.toggle = page.getByTestId('parameters-toggle');
    this.root = page.getByTestId('parameters-panel');
  }

  async open(): Promise<void> {
    if (!(await this.root.isVisible())) await this.toggle.click();
    await expect(this.root).toBeVisible();
  }

  input(key: string): Locator {
    return this.root.getByTestId(`parameter-input-${key}`);
  }

  /** Types a number and commits it with Enter (the box clamps it). */
  async setNumber(key: string, value: string): Promise<void> {
    await this.input(key).fill(value);
    await this.input(key).press('Enter');
  }

  async savePreset(title: string, options: { isDefault?: boolean } = {}): Promise<void> {
    await this.root.getByTestId('parameters-save-preset').click();
    const dialog = this.page.getByTestId('save-preset-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('preset-title-input').fill(title);
    if (options.isDefault) await dialog.getByTestId('preset-default-checkbox').check();
    await dialog.getByTestId('preset-save-submit').click();
    await expect(dialog).toBeHidden();
  }
}

/** The presets manager dialog. */
export class PresetsManager {
  readonly root: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByTestId('presets-dialog');
  }

  row(title: string): Locator {
    return this.root.locator(`[data-testid="preset-row"][data-title="${title}"]`);
  }
}

import { expect, type Locator, type Page } from '@playwright/test';

export interface NewAccount {
  name: string;
  username?: string;
  email: string;
  password: string;
}

export class RegisterPage {
  readonly heading: Locator;
  readonly name: Locator;
  readonly username: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly confirmPassword: Locator;
  readonly submit: Locator;
  readonly success: Locator;
  readonly error: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Create your account' });
    this.name = page.getByLabel('Full name');
    this.username = page.getByLabel('Username (optional)');
    this.email = page.getByLabel('Email address');
    this.password = page.getByLabel('Password', { exact: true });
    this.confirmPassword = page.getByLabel('Confirm password');
    this.submit = page.getByRole('button', { name: 'Continue' });
    this.success = page.getByTestId('registration-success');
    this.error = page.getByTestId('register-error');
  }

  async goto(): Promise<void> {
    await this.page.goto('/register');
    await expect(this.heading).toBeVisible();
  }

  async fill(account: NewAccount, confirmPassword = account.password): Promise<void> {
    await this.name.fill(account.name);
    if (account.username) await this.username.fill(account.username);
    await this.email.fill(account.email);
    await this.password.fill(account.password);
    await this.confirmPassword.fill(confirmPassword);
  }

  async register(account: NewAccount): Promise<void> {
    await this.fill(account);
    await this.submit.click();
  }

  /** The validation message shown under a field. */
  messageFor(field: Locator): Locator {
    return field.locator('xpath=ancestor::div[2]').getByRole('alert');
  }
}

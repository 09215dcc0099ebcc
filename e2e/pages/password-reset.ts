import { expect, type Locator, type Page } from '@playwright/test';

/** /forgot-password: one email field; the same answer whether the address has an account or not. */
export class ForgotPasswordPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly submit: Locator;
  readonly sent: Locator;
  readonly error: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Reset your password' });
    this.email = page.getByLabel('Email address');
    this.submit = page.getByRole('button', { name: 'Send reset link' });
    this.sent = page.getByTestId('forgot-sent');
    this.error = page.getByTestId('forgot-error');
  }

  async goto(): Promise<void> {
    await this.page.goto('/forgot-password');
    await expect(this.heading).toBeVisible();
  }

  async request(email: string): Promise<void> {
    await this.email.fill(email);
    await this.submit.click();
  }
}

/** /reset-password?token=&userId=: the mailed link's page. */
export class ResetPasswordPage {
  readonly heading: Locator;
  readonly password: Locator;
  readonly confirmPassword: Locator;
  readonly submit: Locator;
  readonly success: Locator;
  readonly signIn: Locator;
  readonly error: Locator;

  constructor(page: Page) {
    this.heading = page.getByRole('heading', { name: 'Choose a new password' });
    this.password = page.getByLabel('New password', { exact: true });
    this.confirmPassword = page.getByLabel('Confirm password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Reset password' });
    this.success = page.getByTestId('reset-success');
    this.signIn = page.getByRole('link', { name: 'Sign in' });
    this.error = page.getByTestId('reset-error');
  }

  async reset(password: string): Promise<void> {
    await this.password.fill(password);
    await this.confirmPassword.fill(password);
    await this.submit.click();
  }
}

import { expect, type APIRequestContext } from '@playwright/test';
import type { NewAccount } from './register-page';

let counter = 0;

/** A fresh account for each test, so tests never depend on each other's data. */
export function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { name: 'Ada Lovelace', email: `ada.${id}@example.com`, password: 'correct horse battery', ...overrides };
}

/** Registers a fresh account through the API (the request context's cookie jar signs it in). */
export async function registerViaApi(
  request: APIRequestContext,
  overrides: Partial<NewAccount> = {},
): Promise<{ account: NewAccount; userId: string }> {
  const account = newAccount(overrides);
  const res = await request.post('/api/auth/register', { data: { ...account, confirm_password: account.password } });
  expect(res.ok()).toBe(true);
  const { user } = (await res.json()) as { user: { id: string } };
  return { account, userId: user.id };
}

import { expect, type APIRequestContext } from '@playwright/test';
import { newAccount } from './accounts';
import type { NewAccount } from './register-page';

/**
 * Registers through the API on a server that may mail a verification link: the answer then holds
 * no session (LibreChat's register answers a message), so this returns only the account.
 */
export async function registerAccount(
  request: APIRequestContext,
  overrides: Partial<NewAccount> = {},
): Promise<NewAccount> {
  const account = newAccount(overrides);
  const res = await request.post('/api/auth/register', { data: { ...account, confirm_password: account.password } });
  expect(res.ok(), await res.text()).toBe(true);
  return account;
}

/** What POST /api/auth/login answers, for checks that need no browser (a refused password, say). */
export async function loginStatus(request: APIRequestContext, email: string, password: string): Promise<number> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  return res.status();
}

/** Registers through the API on a server that signs new accounts in; returns the bearer token for API calls. */
export async function registerWithSession(
  request: APIRequestContext,
  overrides: Partial<NewAccount> = {},
): Promise<{ account: NewAccount; token: string; userId: string }> {
  const account = newAccount(overrides);
  const res = await request.post('/api/auth/register', { data: { ...account, confirm_password: account.password } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { account, token: body.token, userId: body.user.id };
}

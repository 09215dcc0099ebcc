import type { NewAccount } from './register-page';

let counter = 0;

/** A fresh account for each test, so tests never depend on each other's data. */
export function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { name: 'Ada Lovelace', email: `ada.${id}@example.com`, password: 'correct horse battery', ...overrides };
}

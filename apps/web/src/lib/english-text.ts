type Messages = Record<string, unknown>;

// The English UI text but the sign-in pages' namespaces (the entry has those) and the few that only
// lazily loaded screens use (two-factor, subscriptions; each its own chunk): i18n.ts lists
// the same files. One chunk, which the signed-in app loads with its code (issue 26); one chunk per
// namespace came to a fifth more gzipped bytes, small files compressing worse.
const files = import.meta.glob<Messages>(
  [
    '../locales/en-US/*.json',
    '!../locales/en-US/common.json',
    '!../locales/en-US/auth.json',
    '!../locales/en-US/oauth.json',
    '!../locales/en-US/passkeys.json',
    '!../locales/en-US/twoFactor.json',
    '!../locales/en-US/subscriptions.json',
  ],
  { eager: true, import: 'default' },
);

/** Namespace name → its messages. */
export const englishText: Record<string, Messages> = Object.fromEntries(
  Object.entries(files).map(([path, messages]) => [/([^/]+)\.json$/.exec(path)?.[1] ?? path, messages]),
);

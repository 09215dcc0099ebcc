import type { FastifyRequest } from 'fastify';

/** The languages mails are written in; anything else reads English. */
export const MAIL_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** The web app's language cookie (apps/web/src/lib/language.ts), a tag such as "de-DE". */
const LANGUAGE_COOKIE = 'lang';

function primaryOf(tag: string): MailLanguage | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (MAIL_LANGUAGES as readonly string[]).includes(primary) ? (primary as MailLanguage) : undefined;
}

/**
 * The best mail language of an Accept-Language header, by its q values.
 * @example languageOfAcceptHeader('fr-CH, fr;q=0.9, en;q=0.8') // 'fr'
 */
export function languageOfAcceptHeader(header: string | undefined): MailLanguage | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = primaryOf(tag);
    if (language) return language;
  }
  return undefined;
}

/** The language a person reads the app in: the web app's cookie, else the browser's header, else English. */
export function mailLanguageOf(request: FastifyRequest): MailLanguage {
  const cookie = request.cookies[LANGUAGE_COOKIE];
  return (cookie && primaryOf(cookie)) || languageOfAcceptHeader(request.headers['accept-language']) || 'en';
}

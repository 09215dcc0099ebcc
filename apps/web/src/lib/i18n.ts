import { TIMING, type UiLanguage } from '@confab/shared';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCookie, setCookie } from './cookies';
import { DEFAULT_LANGUAGE, isRtlLanguage, isUiLanguage, LANGUAGE_COOKIE, resolveLanguage } from './language';

type Messages = Record<string, unknown>;

// Every JSON file of locales/<lang>/ is one namespace, so a feature adds its own file
// (locales/en-US/chat.json) and it is picked up without touching this module.
//
// Only the namespaces the sign-in pages and the error page use ship in the entry (issue 26: the
// whole English text is 70 KB, about 17 KB gzipped, most of it for screens a signed-out visitor
// never sees). The others load with the route that needs them (`loadAllNamespaces`, awaited by
// the signed-in layout's and the public pages' `lazy`, so code calling `i18next.t` outside React
// finds its text) or, for a component rendered anywhere else, through the backend below while
// react-i18next suspends it.
const bootFiles = import.meta.glob<Messages>(
  [
    '../locales/en-US/common.json',
    '../locales/en-US/auth.json',
    '../locales/en-US/oauth.json',
    '../locales/en-US/passkeys.json',
  ],
  { eager: true, import: 'default' },
);
const localeFiles = import.meta.glob<Messages>('../locales/*/*.json', { import: 'default' });

function parsePath(path: string): { language: string; namespace: string } {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return { language: match?.[1] ?? DEFAULT_LANGUAGE, namespace: match?.[2] ?? 'common' };
}

const bootBundle: Record<string, Messages> = {};
for (const [path, messages] of Object.entries(bootFiles)) bootBundle[parsePath(path).namespace] = messages;
const BOOT_NAMESPACES = Object.keys(bootBundle);

const loaders = new Map<string, () => Promise<Messages>>();
for (const [path, load] of Object.entries(localeFiles)) {
  const { language, namespace } = parsePath(path);
  loaders.set(`${language}/${namespace}`, load);
}
/** Every namespace English has, the complete set. */
export const NAMESPACES = [...loaders.keys()]
  .filter((key) => key.startsWith(`${DEFAULT_LANGUAGE}/`))
  .map((key) => key.split('/')[1] ?? '');

/**
 * Reads a namespace from the build's locale files. A language without a file for it answers an
 * empty bundle, so i18next falls back to English rather than retrying.
 */
const bundledLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = loaders.get(`${language}/${namespace}`);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (messages) => callback(null, messages),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/** Loads every namespace in the current language (and English, its fallback). */
export async function loadAllNamespaces(): Promise<void> {
  await i18next.loadNamespaces(NAMESPACES);
}

function browserLanguages(): string[] {
  return typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? [navigator.language])];
}

/** The stored choice (may be 'auto'); 'auto' when none was made. */
export function getLanguageChoice(): UiLanguage {
  const stored = getCookie(LANGUAGE_COOKIE);
  return isUiLanguage(stored) ? stored : 'auto';
}

function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
  // Right-to-left only once a translation exists; English fallback text reads left-to-right.
  const hasTranslation = language === DEFAULT_LANGUAGE || i18next.hasResourceBundle(language, 'common');
  document.documentElement.dir = hasTranslation && isRtlLanguage(language) ? 'rtl' : 'ltr';
}

/** Stores the choice in the `lang` cookie for 365 days and switches the UI to it. */
export async function changeLanguage(choice: UiLanguage): Promise<void> {
  setCookie(LANGUAGE_COOKIE, choice, { days: TIMING.languageCookieDays });
  const language = resolveLanguage(choice, browserLanguages());
  // i18next loads the namespaces already in use for the new language through the backend.
  await i18next.changeLanguage(language);
  applyDocumentLanguage(language);
}

export async function initI18n(): Promise<typeof i18next> {
  const language = resolveLanguage(getLanguageChoice(), browserLanguages());
  await i18next
    .use(bundledLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: false,
      ns: BOOT_NAMESPACES,
      defaultNS: 'common',
      resources: { [DEFAULT_LANGUAGE]: bootBundle },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
    });
  applyDocumentLanguage(language);
  return i18next;
}

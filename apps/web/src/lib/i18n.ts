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
// never sees). The rest of the English text is one chunk (english-text.ts, which excludes the
// same four files) that loads with the route that needs it (`loadAllNamespaces`, awaited by the
// signed-in layout's and the public pages' `lazy`, so code calling `i18next.t` outside React
// finds its text), but for two namespaces used only by screens that load lazily (Settings'
// two-factor and subscription sections, the plans dialogs, the test checkout page, which preloads
// its own): those load through the backend below while react-i18next suspends the screen.
const bootFiles = import.meta.glob<Messages>(
  [
    '../locales/en-US/common.json',
    '../locales/en-US/auth.json',
    '../locales/en-US/oauth.json',
    '../locales/en-US/passkeys.json',
  ],
  { eager: true, import: 'default' },
);
const lazyEnglishFiles = import.meta.glob<Messages>(
  ['../locales/en-US/twoFactor.json', '../locales/en-US/subscriptions.json'],
  { import: 'default' },
);
const otherLanguageFiles = import.meta.glob<Messages>(['../locales/*/*.json', '!../locales/en-US/*.json'], {
  import: 'default',
});
const loadEnglishText = async () => (await import('./english-text')).englishText;

function parsePath(path: string): { language: string; namespace: string } {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return { language: match?.[1] ?? DEFAULT_LANGUAGE, namespace: match?.[2] ?? 'common' };
}

const bootBundle: Record<string, Messages> = {};
for (const [path, messages] of Object.entries(bootFiles)) bootBundle[parsePath(path).namespace] = messages;
const BOOT_NAMESPACES = Object.keys(bootBundle);

const fileLoaders = new Map<string, () => Promise<Messages>>();
for (const [path, load] of Object.entries({ ...lazyEnglishFiles, ...otherLanguageFiles })) {
  const { language, namespace } = parsePath(path);
  fileLoaders.set(`${language}/${namespace}`, load);
}

async function readNamespace(language: string, namespace: string): Promise<Messages> {
  const ownFile = fileLoaders.get(`${language}/${namespace}`);
  if (ownFile) return ownFile();
  if (language === DEFAULT_LANGUAGE) return bootBundle[namespace] ?? (await loadEnglishText())[namespace] ?? {};
  // A language without a file for it answers an empty bundle: i18next falls back to English.
  return {};
}

/** Reads a namespace from the build's locale files. */
const bundledLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    readNamespace(language, namespace).then(
      (messages) => callback(null, messages),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/**
 * Loads the signed-in app's namespaces in the current language (and English, its fallback), and
 * `extra` ones among those only lazily loaded screens use.
 */
export async function loadAllNamespaces(extra: readonly string[] = []): Promise<void> {
  await i18next.loadNamespaces([...BOOT_NAMESPACES, ...Object.keys(await loadEnglishText()), ...extra]);
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

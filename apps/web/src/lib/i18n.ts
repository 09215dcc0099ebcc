import { TIMING, type UiLanguage } from '@confab/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCookie, setCookie } from './cookies';
import { DEFAULT_LANGUAGE, isRtlLanguage, isUiLanguage, LANGUAGE_COOKIE, resolveLanguage } from './language';

type Messages = Record<string, unknown>;

// Every JSON file of locales/<lang>/ is one namespace, so a feature adds its own file
// (locales/en-US/chat.json) and it is picked up without touching this module.
const englishFiles = import.meta.glob<Messages>('../locales/en-US/*.json', { eager: true, import: 'default' });
const otherFiles = import.meta.glob<Messages>(['../locales/*/*.json', '!../locales/en-US/*.json'], { import: 'default' });

function parsePath(path: string): { language: string; namespace: string } {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return { language: match?.[1] ?? DEFAULT_LANGUAGE, namespace: match?.[2] ?? 'common' };
}

const englishBundle: Record<string, Messages> = {};
for (const [path, messages] of Object.entries(englishFiles)) englishBundle[parsePath(path).namespace] = messages;
export const NAMESPACES = Object.keys(englishBundle);

async function loadLanguage(language: string): Promise<void> {
  const loaders = Object.entries(otherFiles).filter(([path]) => parsePath(path).language === language);
  await Promise.all(
    loaders.map(async ([path, load]) => {
      const { namespace } = parsePath(path);
      if (!i18next.hasResourceBundle(language, namespace)) i18next.addResourceBundle(language, namespace, await load(), true, true);
    }),
  );
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
  await loadLanguage(language);
  await i18next.changeLanguage(language);
  applyDocumentLanguage(language);
}

export async function initI18n(): Promise<typeof i18next> {
  const language = resolveLanguage(getLanguageChoice(), browserLanguages());
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: false,
    ns: NAMESPACES,
    defaultNS: 'common',
    resources: { [DEFAULT_LANGUAGE]: englishBundle },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  await loadLanguage(language);
  applyDocumentLanguage(language);
  return i18next;
}

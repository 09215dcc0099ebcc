import { UI_LANGUAGES, type UiLanguage } from '@confab/shared';

export const DEFAULT_LANGUAGE = 'en-US';
export const LANGUAGE_COOKIE = 'lang';
const RTL_LANGUAGES = new Set(['ar-EG', 'fa-IR', 'he-HE']);

export type ConcreteLanguage = Exclude<UiLanguage, 'auto'>;

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language to show for a choice: 'auto' picks the first browser language that matches a
 * UI language exactly, then by its primary subtag (de-AT -> de-DE, zh-CN -> zh-Hans); anything
 * unknown falls back to en-US.
 */
export function resolveLanguage(choice: string | null | undefined, browserLanguages: readonly string[]): ConcreteLanguage {
  if (isUiLanguage(choice) && choice !== 'auto') return choice;
  const concrete = UI_LANGUAGES.filter((l): l is ConcreteLanguage => l !== 'auto');
  for (const wanted of browserLanguages) {
    const exact = concrete.find((l) => l.toLowerCase() === wanted.toLowerCase());
    if (exact) return exact;
    const lower = wanted.toLowerCase();
    if (lower.startsWith('zh')) return /tw|hk|mo|hant/.test(lower) ? 'zh-Hant' : 'zh-Hans';
    const primary = lower.split('-')[0];
    const byPrimary = concrete.find((l) => l.toLowerCase().split('-')[0] === primary);
    if (byPrimary) return byPrimary;
  }
  return DEFAULT_LANGUAGE;
}

export function isRtlLanguage(language: string): boolean {
  return RTL_LANGUAGES.has(language);
}

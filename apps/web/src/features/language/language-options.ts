import { UI_LANGUAGES } from '@confab/shared';
import type { SelectOption } from '../../components/ui/select';

const baseOf = (code: string) => code.split('-')[0] ?? code;

function displayName(code: string, inLocale: string, of: string): string | null {
  try {
    const name = new Intl.DisplayNames([inLocale], { type: 'language' }).of(of);
    return name ? name.charAt(0).toLocaleUpperCase(inLocale) + name.slice(1) : null;
  } catch {
    // An engine without this locale (or a malformed code) has no name for it.
    return null;
  }
}

/**
 * Language codes named in themselves ("Deutsch", "עברית", "日本語"), so people find their own
 * whatever the interface speaks now. The region or script is named only where the list holds the
 * language more than once ("Português (Brasil)" beside "Português europeu"). `detail` is the name
 * in `displayLocale` when it reads differently; '' is `emptyLabel` (the default or "auto").
 * @example getLanguageOptions(['', 'de-DE'], { displayLocale: 'en-US', emptyLabel: 'Default' })
 * // [{ value: '', label: 'Default' }, { value: 'de-DE', label: 'Deutsch', detail: 'German' }]
 */
export function getLanguageOptions(
  codes: readonly string[],
  { displayLocale, emptyLabel }: { displayLocale: string; emptyLabel: string },
): SelectOption[] {
  const bases = codes.map(baseOf);
  return codes.map((code) => {
    if (code === '' || code === 'auto') return { value: code, label: emptyLabel };
    const isAmbiguous = bases.filter((base) => base === baseOf(code)).length > 1;
    const named = isAmbiguous ? code : baseOf(code);
    const label = displayName(code, code, named) ?? code;
    const local = displayName(code, displayLocale, named);
    return local && local !== label ? { value: code, label, detail: local } : { value: code, label };
  });
}

/** The interface languages of Settings → General ('auto' first). */
export function getUiLanguageOptions(displayLocale: string, autoLabel: string): SelectOption[] {
  return getLanguageOptions(UI_LANGUAGES, { displayLocale, emptyLabel: autoLabel });
}

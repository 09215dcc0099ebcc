import { UI_LANGUAGES } from '@confab/shared';
import type { SelectOption } from '../../components/ui/select';

/** Each language named in itself ("Deutsch (Deutschland)"), so people find their own. */
export function getLanguageOptions(autoLabel: string): SelectOption[] {
  return UI_LANGUAGES.map((code) => {
    if (code === 'auto') return { value: code, label: autoLabel };
    let label: string = code;
    try {
      const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
      if (name) label = name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
    } catch {
      // An engine without this locale keeps the code as the label.
    }
    return { value: code, label };
  });
}

import { PROMPT_SYSTEM_CATEGORIES } from '@confab/shared';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '../../components/ui/select';
import { usePromptCategories } from './prompt-queries';
import { SYSTEM_FILTERS } from './prompt-rules';

const SYSTEM_FILTER_KEYS: Record<(typeof SYSTEM_FILTERS)[number], string> = {
  [PROMPT_SYSTEM_CATEGORIES.ALL]: 'filter_all',
  [PROMPT_SYSTEM_CATEGORIES.MY_PROMPTS]: 'filter_mine',
  [PROMPT_SYSTEM_CATEGORIES.SHARED_PROMPTS]: 'filter_shared',
  [PROMPT_SYSTEM_CATEGORIES.NO_CATEGORY]: 'filter_no_category',
};

/**
 * The categories of GET /api/categories, named in the user's language by their value
 * (`category.code`), or by the server's label for a value this app has no text for.
 */
export function usePromptCategoryOptions(isEnabled = true) {
  const { t } = useTranslation('prompts');
  const categories = usePromptCategories(isEnabled);
  const labelOf = useCallback(
    (value: string): string => {
      if (!value) return t('no_category');
      const server = categories.data?.find((c) => c.value === value)?.label;
      return t(`category.${value}`, { defaultValue: server && !server.startsWith('com_') ? server : value });
    },
    [categories.data, t],
  );
  const stored = useMemo(
    () => (categories.data ?? []).filter((c) => c.value).map((c) => ({ value: c.value, label: labelOf(c.value) })),
    [categories.data, labelOf],
  );
  /** The list filter: All, My prompts, Shared, No category, then each category. */
  const filterOptions = useMemo<SelectOption[]>(
    () => [...SYSTEM_FILTERS.map((value) => ({ value, label: t(SYSTEM_FILTER_KEYS[value]) })), ...stored],
    [stored, t],
  );
  /** The editor's choice: none, then each category (a group's unknown category stays listed). */
  const formOptions = useCallback(
    (current: string): SelectOption[] => {
      const options = [{ value: '', label: t('no_category') }, ...stored];
      if (current && !options.some((o) => o.value === current))
        options.push({ value: current, label: labelOf(current) });
      return options;
    },
    [labelOf, stored, t],
  );
  const filterLabelOf = useCallback(
    (value: string) => filterOptions.find((o) => o.value === value)?.label ?? labelOf(value),
    [filterOptions, labelOf],
  );
  return { labelOf, filterLabelOf, filterOptions, formOptions };
}

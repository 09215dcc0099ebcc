import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** On a phone, where a prompt fills the screen: the way back to the list. */
export function PromptBackLink() {
  const { t } = useTranslation('prompts');
  return (
    <Link
      to="/d/prompts"
      className="focus-ring -ml-1 inline-flex w-fit items-center gap-1.5 rounded-lg px-1 py-1 text-sm font-medium text-fg-secondary hover:text-fg md:hidden"
      data-testid="prompt-back"
    >
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
      {t('all_prompts')}
    </Link>
  );
}

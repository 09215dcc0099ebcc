import { SquarePen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button-variants';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';

/** "New chat" as a full sidebar row, or as an icon button in the header. */
export function NewChatLink({ variant = 'row', onNavigate }: { variant?: 'row' | 'icon'; onNavigate?: () => void }) {
  const { t } = useTranslation('nav');
  if (variant === 'icon') {
    return (
      <Tooltip content={t('new_chat')}>
        <Link to="/c/new" onClick={onNavigate} aria-label={t('new_chat')} className={buttonClasses('ghost', 'icon', 'text-fg-secondary hover:text-fg')}>
          <SquarePen />
        </Link>
      </Tooltip>
    );
  }
  return (
    <Link
      to="/c/new"
      onClick={onNavigate}
      data-testid="nav-new-chat"
      className={cn('focus-ring flex h-10 items-center gap-2.5 rounded-lg px-2.5 text-sm font-medium text-fg transition-colors hover:bg-surface-hover')}
    >
      <SquarePen className="size-[18px]" aria-hidden />
      {t('new_chat')}
    </Link>
  );
}

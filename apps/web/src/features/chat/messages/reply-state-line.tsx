import type { Message } from '@confab/shared';
import { CircleStop, FastForward, Scissors, ShieldAlert, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { replyEndingOf, type ReplyEnding } from './reply-state';

const ENDING_ICONS: Record<ReplyEnding, LucideIcon> = {
  stopped: CircleStop,
  cut_at_length: Scissors,
  cut_by_filter: ShieldAlert,
};

/**
 * Under a finished reply that did not end on its own: a calm line saying how it ended
 * ("Stopped", "Cut off at the length limit"), and, on the latest reply, Continue, which
 * appends to this same reply (SPEC 4). Nothing for a reply that ended on its own.
 */
export function ReplyStateLine({
  message,
  canContinue,
  onContinue,
}: {
  message: Message;
  canContinue: boolean;
  onContinue: () => void;
}) {
  const { t } = useTranslation('chat');
  const ending = replyEndingOf(message);
  if (!ending && !canContinue) return null;
  const Icon = ending ? ENDING_ICONS[ending] : null;
  return (
    <div
      className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-fg-secondary"
      data-testid="reply-state"
      data-ending={ending ?? undefined}
    >
      {Icon && ending ? (
        <span className="inline-flex items-center gap-1.5" data-testid="reply-ending">
          <Icon className="size-4 shrink-0" aria-hidden />
          {t(`message.ending_${ending}`)}
        </span>
      ) : null}
      {canContinue ? (
        <Button
          variant="outline"
          size="sm"
          onClick={onContinue}
          className="h-7 gap-1.5 rounded-full px-3 pointer-coarse:h-10 pointer-coarse:px-4 [&_svg]:size-3.5"
          data-testid="continue"
        >
          <FastForward aria-hidden />
          {t('message.continue')}
        </Button>
      ) : null}
    </div>
  );
}

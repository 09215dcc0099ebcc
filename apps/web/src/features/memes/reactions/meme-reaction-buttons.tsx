import type { MemeReaction } from '@confab/shared';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { useMemeReactions } from './use-meme-reactions';

const ICONS = { like: ThumbsUp, dislike: ThumbsDown } as const;
const TEST_IDS = { like: 'meme-like', dislike: 'meme-dislike' } as const;

/**
 * Like and dislike of one meme slot, with everyone's counts. The caller's own reaction is pressed
 * (`aria-pressed`); pressing it again takes it back. On a shared page the counts show, read-only,
 * and never who reacted.
 */
export function MemeReactionButtons(props: {
  conversationId: string;
  messageId: string;
  toolCallId: string;
  shareId?: string | undefined;
}) {
  const { t } = useTranslation('meme-media');
  const { state, isReadOnly, canReact, isPending, react } = useMemeReactions(props);
  const counts = { like: state.likes, dislike: state.dislikes };

  const renderReaction = (reaction: MemeReaction) => {
    const Icon = ICONS[reaction];
    const count = counts[reaction];
    const countLabel = t(reaction === 'like' ? 'reactions.likes' : 'reactions.dislikes', { count });
    const countText = count > 0 ? <span className="tabular-nums">{count}</span> : null;

    if (isReadOnly) {
      return (
        <span
          key={reaction}
          className="flex h-8 items-center gap-1 px-2 text-sm text-fg-secondary [&_svg]:size-4"
          aria-label={countLabel}
          data-testid={TEST_IDS[reaction]}
          data-count={count}
        >
          <Icon aria-hidden />
          {countText}
        </span>
      );
    }

    const isMine = state.mine === reaction;
    const label = isMine
      ? t(reaction === 'like' ? 'reactions.remove_like' : 'reactions.remove_dislike')
      : t(reaction === 'like' ? 'reactions.like' : 'reactions.dislike');
    return (
      <Tooltip key={reaction} content={label} side="bottom">
        <button
          type="button"
          onClick={() => react(reaction)}
          disabled={!canReact}
          aria-pressed={isMine}
          aria-label={count > 0 ? `${label} (${countLabel})` : label}
          aria-busy={isPending}
          className={cn(
            'focus-ring flex h-8 min-w-8 items-center justify-center gap-1 rounded-lg px-2 text-sm text-fg-secondary transition-colors hover:bg-surface-hover hover:text-fg disabled:pointer-events-none disabled:opacity-40 pointer-coarse:h-10 pointer-coarse:min-w-10 [&_svg]:size-4 [&_svg]:transition-transform active:[&_svg]:scale-90',
            isMine && reaction === 'like' && 'bg-accent-soft text-accent hover:bg-accent-soft hover:text-accent',
            isMine && reaction === 'dislike' && 'bg-surface-active text-fg hover:bg-surface-active',
          )}
          data-testid={TEST_IDS[reaction]}
          data-count={count}
        >
          <Icon aria-hidden fill={isMine ? 'currentColor' : 'none'} fillOpacity={isMine ? 0.2 : undefined} />
          {countText}
        </button>
      </Tooltip>
    );
  };

  return (
    <div className="flex items-center gap-0.5" data-testid="meme-reactions">
      {renderReaction('like')}
      {renderReaction('dislike')}
    </div>
  );
}

import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';
import type { ToolCallStatus } from '../chat/messages/tools/tool-call-status';
import type { ToolCall } from '../chat/stream/tool-call-events';

/**
 * One slot of the meme grid: the meme (or the reason it failed) in a rounded frame, the tool's
 * name over it while the reply is made, a button that shows the call's arguments and output,
 * and the slot's actions underneath.
 */
export function MemeSlotFrame({
  call,
  status,
  name,
  isNameVisible,
  isDetailsOpen,
  onToggleDetails,
  actions,
  children,
}: {
  call: ToolCall;
  status: ToolCallStatus;
  name: string;
  isNameVisible: boolean;
  isDetailsOpen: boolean;
  onToggleDetails: () => void;
  actions: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('memes');
  const detailsLabel = isDetailsOpen ? t('slot.hide_details') : t('slot.show_details');
  return (
    <div
      className="group/slot flex min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-surface-secondary shadow-sm"
      data-testid="meme-slot"
      data-tool={call.name}
      data-status={status}
      data-tool-call-id={call.id}
    >
      {/* Grows with the row (a video beside taller images), keeping the actions at the bottom. */}
      <div className="relative flex flex-1 flex-col justify-center bg-black">
        {children}
        {isNameVisible ? (
          <div
            className="pointer-events-none absolute start-2 top-2 flex max-w-[calc(100%-3.5rem)] items-center gap-1.5 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium text-white shadow-sm backdrop-blur-sm"
            data-testid="meme-slot-name"
          >
            {status === 'running' ? <Spinner className="size-3 text-white/80" /> : null}
            <span className="truncate">{name}</span>
          </div>
        ) : null}
        <Tooltip content={detailsLabel}>
          <button
            type="button"
            onClick={onToggleDetails}
            aria-label={detailsLabel}
            aria-pressed={isDetailsOpen}
            className={cn(
              'focus-ring absolute end-2 top-2 flex size-7 items-center justify-center rounded-full bg-black/45 text-white/90 backdrop-blur-sm transition-opacity hover:bg-black/65 hover:text-white',
              // Out of the way until the slot is hovered; always there on touch screens and when open.
              'opacity-0 group-hover/slot:opacity-100 focus-visible:opacity-100 pointer-coarse:opacity-100',
              (isDetailsOpen || status === 'error') && 'opacity-100',
            )}
            data-testid="meme-slot-details"
          >
            <Info className="size-4" aria-hidden />
          </button>
        </Tooltip>
      </div>
      <div className="flex min-h-10 items-center gap-0.5 border-t border-line px-1.5 py-1">{actions}</div>
    </div>
  );
}

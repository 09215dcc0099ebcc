import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useChatColumnWidth } from '../use-chat-column-width';

/** A question and its answer, in the places and sizes of message-row.tsx's rows. */
function ExchangeSkeleton({ lines }: { lines: readonly string[] }) {
  return (
    <>
      <div className="flex justify-end px-4 pt-6 sm:px-6">
        <Skeleton className="h-11 w-2/5 rounded-3xl" />
      </div>
      <div className="flex gap-4 px-4 pt-1 pb-1 sm:px-6">
        <Skeleton className="size-8 shrink-0 rounded-full max-sm:hidden" />
        <div className="min-w-0 flex-1">
          <div className="mb-1 flex h-8 items-center">
            <Skeleton className="h-3.5 w-24" />
          </div>
          <div className="flex flex-col gap-3 py-1.5">
            {lines.map((width, i) => (
              <Skeleton key={i} className={cn('h-3.5', width)} />
            ))}
          </div>
        </div>
      </div>
    </>
  );
}

/**
 * The message area while a conversation opens (its messages, or the markdown renderer its first
 * rows need, still loading): the shape of a conversation instead of a blank area, in the list's
 * place, so the input under it stays put when the rows arrive.
 */
export function MessageListSkeleton({ label }: { label: string }) {
  const columnWidth = useChatColumnWidth();
  return (
    <div className="min-h-0 flex-1 overflow-hidden pt-2" role="status" aria-label={label} data-testid="chat-loading">
      <div className={cn('mx-auto w-full', columnWidth)}>
        <ExchangeSkeleton lines={['w-full', 'w-11/12', 'w-3/4']} />
        <ExchangeSkeleton lines={['w-full', 'w-5/6', 'w-full', 'w-2/3']} />
      </div>
    </div>
  );
}

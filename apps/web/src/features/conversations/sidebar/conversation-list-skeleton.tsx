import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';

const WIDTHS = ['w-3/4', 'w-1/2', 'w-2/3', 'w-5/6', 'w-3/5', 'w-2/3', 'w-1/2'];

/** A group label and rows of titles, in the rows' 34 px, while the sidebar's list loads. */
export function ConversationListSkeleton({ className }: { className?: string }) {
  return (
    <div className={cn('flex flex-col gap-1 pt-2', className)} aria-hidden data-testid="conversation-list-loading">
      <Skeleton className="mb-2 ml-2.5 h-3 w-14 bg-surface-hover" />
      {WIDTHS.map((width, i) => (
        <div key={i} className="flex h-[34px] items-center px-2.5">
          <Skeleton className={cn('h-3.5 bg-surface-hover', width)} />
        </div>
      ))}
    </div>
  );
}

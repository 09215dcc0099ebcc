import { cn } from '../../lib/cn';

/**
 * A neutral placeholder of the size of what is still loading: it keeps that thing's place, so
 * nothing moves when it arrives, and names nothing it does not know yet. Size and shape come from
 * `className`.
 */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span aria-hidden data-skeleton className={cn('block animate-pulse rounded bg-surface-tertiary', className)} />
  );
}

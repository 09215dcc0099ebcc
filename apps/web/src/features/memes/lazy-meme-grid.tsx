import { lazy, Suspense, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { memeGridColumns } from './meme-grid-blocks';

// The grid, the canvas code and the caption fonts' URLs load only when a reply has a meme,
// keeping them out of the first page load.
const MemeGrid = lazy(() => import('./meme-grid'));

type MemeGridProps = ComponentProps<typeof MemeGrid>;

/** The same grid shape while its code loads, so the reply does not jump when it arrives. */
function MemeGridSkeleton({ count }: { count: number }) {
  return (
    <div className={cn('my-3 grid gap-2 sm:gap-3', memeGridColumns(count))} aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-2xl border border-line bg-surface-secondary">
          <div className="aspect-[9/16] w-full animate-pulse bg-surface-tertiary" />
          <div className="h-10 border-t border-line" />
        </div>
      ))}
    </div>
  );
}

/** A reply's meme grid (see meme-grid.tsx), loaded on first use. */
export function LazyMemeGrid(props: MemeGridProps) {
  return (
    <Suspense fallback={<MemeGridSkeleton count={props.slots.length} />}>
      <MemeGrid {...props} />
    </Suspense>
  );
}

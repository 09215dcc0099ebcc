import { Globe } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * A source's site as a monogram (its first letter): no favicon is fetched, so nothing leaves the
 * page for a third party's icon server. A site without a letter (an IP address) shows the globe.
 */
export function SiteMark({ site, className }: { site: string; className?: string }) {
  const letter = site.match(/\p{L}/u)?.[0]?.toUpperCase();
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex size-4 shrink-0 items-center justify-center rounded-[5px] bg-surface-active text-[10px] leading-none font-semibold text-fg-secondary',
        className,
      )}
    >
      {letter ?? <Globe className="size-3" />}
    </span>
  );
}

import { cn } from '../../lib/cn';

/** The Confab mark: a speech bubble on the brand tile (fixed colours, the same in both themes). */
export function Logo({ className, title }: { className?: string; title?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8', className)} role={title ? 'img' : undefined} aria-label={title} aria-hidden={title ? undefined : true}>
      <rect width="32" height="32" rx="9" fill="#10a37f" />
      <path d="M9.5 10.5h13a2.5 2.5 0 0 1 2.5 2.5v5.5a2.5 2.5 0 0 1-2.5 2.5H16l-4.6 3.6a.5.5 0 0 1-.8-.4V21h-1.1A2.5 2.5 0 0 1 7 18.5V13a2.5 2.5 0 0 1 2.5-2.5z" fill="#ffffff" />
      <circle cx="12.2" cy="15.75" r="1.25" fill="#10a37f" />
      <circle cx="16" cy="15.75" r="1.25" fill="#10a37f" />
      <circle cx="19.8" cy="15.75" r="1.25" fill="#10a37f" />
    </svg>
  );
}

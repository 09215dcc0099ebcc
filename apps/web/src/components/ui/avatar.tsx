import { cn } from '../../lib/cn';

/** The user's picture, or the first letter of their name on a colour derived from it. */
export function Avatar({ name, src, className }: { name: string; src?: string | null; className?: string }) {
  const initial = (name.trim()[0] ?? '?').toUpperCase();
  if (src) return <img src={src} alt="" className={cn('size-8 shrink-0 rounded-full object-cover', className)} />;
  const hue = [...name].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % 360;
  return (
    <span
      aria-hidden
      className={cn('flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white select-none', className)}
      style={{ backgroundColor: `hsl(${hue} 45% 42%)` }}
    >
      {initial}
    </span>
  );
}

import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';

/** The icon of a reply: the endpoint's configured icon, else a neutral mark. */
export function MessageAvatar({
  endpoint,
  iconURL,
  className,
}: {
  endpoint?: string | null | undefined;
  iconURL: string | null;
  className?: string;
}) {
  const [hasFailed, setHasFailed] = useState(false);
  if (iconURL && !hasFailed) {
    return (
      <img
        src={iconURL}
        alt=""
        className={cn('size-8 shrink-0 rounded-full border border-line object-cover', className)}
        onError={() => setHasFailed(true)}
        data-testid="message-avatar-image"
      />
    );
  }
  return (
    <span
      aria-hidden
      title={endpoint ?? undefined}
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full border border-line bg-surface text-fg shadow-[0_1px_2px_var(--shadow-color)] [&_svg]:size-[55%]',
        className,
      )}
    >
      <Sparkles />
    </span>
  );
}

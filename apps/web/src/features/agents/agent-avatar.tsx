import { Bot } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';
import { useAuthedImage } from '../files/authed-images';

const SIZES = {
  sm: { box: 'size-5 rounded-md', glyph: '!size-3' },
  md: { box: 'size-6 rounded-md', glyph: '!size-3.5' },
  lg: { box: 'size-10 rounded-xl', glyph: '!size-5' },
  xl: { box: 'size-16 rounded-2xl', glyph: '!size-7' },
} as const;

/** An agent's picture, or a bot mark on the accent colour when it has none (or it fails). */
export function AgentAvatar({
  url,
  size = 'md',
  className,
}: {
  url: string | null | undefined;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const { src } = useAuthedImage(url ?? null);
  const [failed, setFailed] = useState<string | null>(null);
  const { box, glyph } = SIZES[size];
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        className={cn(box, 'shrink-0 bg-surface-tertiary object-cover', className)}
        onError={() => setFailed(src)}
        data-testid="agent-avatar-image"
      />
    );
  }
  return (
    <span
      className={cn(
        box,
        'inline-flex shrink-0 items-center justify-center bg-gradient-to-br from-accent to-accent-hover text-on-accent',
        className,
      )}
      aria-hidden
    >
      {/* !important: menu items size and tint every svg inside them. */}
      <Bot className={cn(glyph, '!text-on-accent')} />
    </span>
  );
}

/** The avatar path of an agent, as LibreChat stores it. */
export function agentAvatarUrl(agent: { avatar?: { filepath?: string } | null }): string | null {
  return agent.avatar?.filepath || null;
}

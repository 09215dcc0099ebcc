import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { LandingGreeting } from '../landing/landing-greeting';
import { useChatPreferences } from '../settings/chat-preferences';
import { useChatColumnWidth } from './use-chat-column-width';

/**
 * An empty conversation: the greeting with the input centred under it (SPEC 2, the landing
 * view may centre the form). On small screens, or with "center chat input on landing" off, the
 * input sits at the bottom as in a conversation, under the greeting.
 */
export function ChatLanding({
  input,
  notice,
  starters,
  hero,
}: {
  input: ReactNode;
  notice: ReactNode;
  /** An agent's conversation starters, as cards above the input. */
  starters?: ReactNode;
  /** Shown instead of the greeting (an agent introduces itself). */
  hero?: ReactNode;
}) {
  const isCentered = useChatPreferences((s) => s.centerFormOnLanding);
  const columnWidth = useChatColumnWidth();
  return (
    <div
      className={cn(
        'flex min-h-0 flex-1 flex-col px-3 pb-3 sm:px-6',
        isCentered ? 'md:justify-center md:pb-[12vh] short-screen:pb-3' : 'sm:pb-4',
      )}
      data-testid="chat-landing"
      data-centered={isCentered}
    >
      {/* On a short screen (keyboard up, a phone on its side) the greeting gives way and is
          cut, never the input and its send button under it. */}
      <div
        className={cn(
          'flex min-h-0 flex-1 items-center justify-center overflow-hidden',
          isCentered && 'md:flex-initial',
        )}
      >
        {hero ?? <LandingGreeting className={cn('mb-2', isCentered && 'md:mb-8')} />}
      </div>
      <div className={cn('mx-auto w-full', columnWidth)}>
        {starters}
        {notice}
        {input}
      </div>
    </div>
  );
}

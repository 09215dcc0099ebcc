import type { ReactNode } from 'react';
import { LandingGreeting } from '../landing/landing-greeting';

/**
 * An empty conversation: the greeting with the input centred under it (SPEC 2, the landing
 * view may centre the form). On small screens the input stays at the bottom.
 */
export function ChatLanding({ input, notice }: { input: ReactNode; notice: ReactNode }) {
  return (
    <div
      className="flex min-h-0 flex-1 flex-col px-3 pb-3 sm:px-6 md:justify-center md:pb-[12vh]"
      data-testid="chat-landing"
    >
      <div className="flex flex-1 items-center justify-center md:flex-none">
        <LandingGreeting className="mb-2 md:mb-8" />
      </div>
      <div className="mx-auto w-full max-w-3xl">
        {notice}
        {input}
      </div>
    </div>
  );
}

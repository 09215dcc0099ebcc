import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';

export const TooltipProvider = TooltipPrimitive.Provider;

/** Wraps one focusable element and shows `content` on hover and keyboard focus. */
export function Tooltip({ content, side = 'bottom', children }: { content: ReactNode; side?: 'top' | 'right' | 'bottom' | 'left'; children: ReactElement }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={6}
          className="z-[60] rounded-lg bg-[#0d0d0d] px-2.5 py-1.5 text-xs font-medium text-white shadow-elevated data-[state=delayed-open]:animate-fade-in dark:bg-[#f4f4f4] dark:text-[#0d0d0d]"
        >
          {content}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}

import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { useState, type ReactElement, type ReactNode } from 'react';
import { wasLastPressTouch } from './last-press';

export const TooltipProvider = TooltipPrimitive.Provider;

/**
 * The app's tooltip timing around the pages that show tooltips (the signed-in shell, the shared
 * page). It sits in those lazily loaded pages rather than at the root so the sign-in pages do not
 * download the tooltip positioning code.
 */
export function AppTooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={400} skipDelayDuration={200}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

/**
 * Wraps one focusable element and shows `content` on hover and keyboard focus, never after a
 * tap (see `wasLastPressTouch`). With `open` and `onOpenChange` the caller decides, for an
 * explanation a tap should open too.
 */
export function Tooltip({
  content,
  side = 'bottom',
  open,
  onOpenChange,
  children,
}: {
  content: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactElement;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const isControlled = open !== undefined;
  return (
    <TooltipPrimitive.Root
      open={isControlled ? open : isOpen}
      onOpenChange={isControlled ? onOpenChange : (next) => setIsOpen(next && !wasLastPressTouch())}
    >
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

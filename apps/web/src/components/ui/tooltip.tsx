import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import {
  cloneElement,
  useLayoutEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { flushSync } from 'react-dom';
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

type TriggerProps = HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> };

/**
 * A `Tooltip` mounted on the first intent to use its element: a mouse or pen coming over it, or
 * keyboard focus. Until then the element renders alone. For actions repeated on every row of a
 * long list (each message's copy, edit, fork...): a Radix tooltip per button was a large share of
 * mounting a screen of rows while scrolling (bench/README.md, Browser).
 * The mount replaces the element's DOM node, so it is done at once (`flushSync`, before the press
 * that may follow the pointer's arrival), and keyboard focus is given back to the new node, where
 * the tooltip opens as it would have. A finger's tap or a click's focus mounts nothing: the node
 * must not change between the press and its click.
 */
export function IntentTooltip({
  content,
  side = 'bottom',
  children,
}: {
  content: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  children: ReactElement<TriggerProps>;
}) {
  const [isMounted, setIsMounted] = useState(false);
  const nodeRef = useRef<HTMLElement>(null);
  const shouldRefocus = useRef(false);
  useLayoutEffect(() => {
    if (!isMounted || !shouldRefocus.current) return;
    shouldRefocus.current = false;
    nodeRef.current?.focus({ preventScroll: true });
  }, [isMounted]);
  if (isMounted) {
    return (
      <Tooltip content={content} side={side}>
        {cloneElement(children, { ref: nodeRef })}
      </Tooltip>
    );
  }
  const { onPointerEnter, onFocus } = children.props;
  return cloneElement(children, {
    ref: nodeRef,
    onPointerEnter(event) {
      onPointerEnter?.(event);
      if (event.pointerType !== 'touch') flushSync(() => setIsMounted(true));
    },
    onFocus(event) {
      onFocus?.(event);
      if (!isKeyboardFocus(event.currentTarget)) return;
      shouldRefocus.current = true;
      flushSync(() => setIsMounted(true));
    },
  });
}

/** Focus the browser would ring (a key's, not a press's); false where `:focus-visible` is unknown. */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}

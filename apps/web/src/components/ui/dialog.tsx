import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useCallback, useRef, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { redirectEscapeToNewest } from './dialog-escape';
import { getFocusReturnTarget, returnFocusTo } from './focus-return';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** Hides the title visually (it stays for screen readers). */
  hideTitle?: boolean;
}

/** A centred modal with overlay, title, optional description and a close button. */
export function DialogContent({
  title,
  description,
  hideTitle = false,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onEscapeKeyDown,
  ...props
}: DialogContentProps) {
  const { t } = useTranslation('common');
  const contentRef = useRef<HTMLDivElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  // Where focus was when the dialog mounted; a stable callback so it runs once per opening.
  const attachContent = useCallback((node: HTMLDivElement | null) => {
    contentRef.current = node;
    if (node) returnFocusRef.current = getFocusReturnTarget(node);
  }, []);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-overlay data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[85dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl border border-line bg-surface-elevated text-fg shadow-elevated outline-none data-[state=open]:animate-pop-in',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        // Focus the dialog itself rather than its close button, so opening it with the mouse
        // does not paint a focus ring on "close"; Tab still reaches every control.
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          contentRef.current?.focus();
        }}
        // Back to the control that opened the dialog (see focus-return.ts), not to <body>.
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (!event.defaultPrevented && returnFocusTo(returnFocusRef.current)) event.preventDefault();
          returnFocusRef.current = null;
        }}
        onEscapeKeyDown={(event) => {
          onEscapeKeyDown?.(event);
          // See dialog-escape.ts: a dialog opening above this one is the one Escape closes.
          if (!event.defaultPrevented) redirectEscapeToNewest(event, contentRef.current);
        }}
        data-dialog-content=""
        ref={attachContent}
        {...props}
      >
        <div className={cn('flex items-start justify-between gap-4 px-6 pt-5', hideTitle ? 'pb-0' : 'pb-4')}>
          <div className={cn(hideTitle && 'sr-only')}>
            <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
            {description ? <DialogPrimitive.Description className="mt-1 text-sm text-fg-secondary">{description}</DialogPrimitive.Description> : null}
          </div>
          <DialogPrimitive.Close
            data-dialog-close=""
            className="focus-ring -mr-2 flex size-8 items-center justify-center rounded-lg text-fg-secondary hover:bg-surface-hover hover:text-fg"
            aria-label={t('close')}
          >
            <X className="size-5" />
          </DialogPrimitive.Close>
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

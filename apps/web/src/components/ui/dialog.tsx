import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useCallback, useRef, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { redirectEscapeToNewest } from './dialog-escape';
import { useFocusReturn } from './use-focus-return';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** Hides the title visually (it stays for screen readers). */
  hideTitle?: boolean;
  /**
   * Drawn in place of the title row (a full-screen page's bar with a back button, say); the
   * title stays the dialog's name for screen readers. Give it a `DialogCloseButton`.
   */
  header?: ReactNode;
}

/** The × that closes a dialog; `DialogContent` draws one, a custom `header` places its own. */
export function DialogCloseButton({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <DialogPrimitive.Close
      data-dialog-close=""
      className={cn(
        'focus-ring flex size-8 shrink-0 items-center justify-center rounded-lg text-fg-secondary hover:bg-surface-hover hover:text-fg',
        className,
      )}
      aria-label={t('close')}
    >
      <X className="size-5" />
    </DialogPrimitive.Close>
  );
}

/** A centred modal with overlay, title, optional description and a close button. */
export function DialogContent({
  title,
  description,
  hideTitle = false,
  header,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onEscapeKeyDown,
  ...props
}: DialogContentProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const focusReturn = useFocusReturn();
  const { attach: attachFocusReturn } = focusReturn;
  // A stable callback, so that it runs once per opening.
  const attachContent = useCallback(
    (node: HTMLDivElement | null) => {
      contentRef.current = node;
      attachFocusReturn(node);
    },
    [attachFocusReturn],
  );
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
          focusReturn.onCloseAutoFocus(event);
        }}
        onEscapeKeyDown={(event) => {
          // An editor inside (marked data-keeps-escape) cancels itself on Escape; the dialog stays.
          if (event.target instanceof Element && event.target.closest('[data-keeps-escape]')) {
            event.preventDefault();
            return;
          }
          onEscapeKeyDown?.(event);
          // See dialog-escape.ts: a dialog opening above this one is the one Escape closes.
          if (!event.defaultPrevented) redirectEscapeToNewest(event, contentRef.current);
        }}
        data-dialog-content=""
        ref={attachContent}
        {...props}
      >
        {header ? (
          <>
            <div className="sr-only">
              <DialogPrimitive.Title>{title}</DialogPrimitive.Title>
              {description ? <DialogPrimitive.Description>{description}</DialogPrimitive.Description> : null}
            </div>
            {header}
          </>
        ) : (
          <div className={cn('flex items-start justify-between gap-4 px-6 pt-5', hideTitle ? 'pb-0' : 'pb-4')}>
            <div className={cn(hideTitle && 'sr-only')}>
              <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
              {description ? <DialogPrimitive.Description className="mt-1 text-sm text-fg-secondary">{description}</DialogPrimitive.Description> : null}
            </div>
            <DialogCloseButton className="-mr-2" />
          </div>
        )}
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

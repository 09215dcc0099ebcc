import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { useToastStore, type ToastStatus } from './toast-store';

const icons: Record<ToastStatus, ReactNode> = {
  success: <CircleCheck className="size-[18px] text-accent" aria-hidden />,
  error: <CircleAlert className="size-[18px] text-danger" aria-hidden />,
  warning: <TriangleAlert className="size-[18px] text-amber-500" aria-hidden />,
  info: <Info className="size-[18px] text-fg-secondary" aria-hidden />,
};

/**
 * Draws the toasts of `showToast` at the bottom centre of the screen. Mounted once, in the app
 * providers, so a toast shows on every page (auth and shared pages included).
 */
export function Toaster() {
  const { t } = useTranslation('common');
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);

  return createPortal(
    <div
      className="pointer-events-none fixed inset-x-0 bottom-5 z-[100] flex flex-col items-center gap-2 px-4"
      data-testid="toaster"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.status === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          data-status={toast.status}
          className={cn(
            'pointer-events-auto flex max-w-md min-w-[16rem] items-start gap-2.5 rounded-xl border border-line bg-surface-elevated py-2.5 pr-2 pl-3.5 text-sm text-fg shadow-elevated animate-pop-in',
          )}
        >
          <span className="mt-px shrink-0">{icons[toast.status]}</span>
          <span className="min-w-0 flex-1 py-px leading-snug break-words whitespace-pre-line">
            {toast.message}
            {toast.items ? (
              <ul className="mt-1 list-disc space-y-0.5 ps-4 text-fg-secondary" data-testid="toast-items">
                {toast.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </span>
          <button
            type="button"
            onClick={() => dismiss(toast.id)}
            aria-label={t('dismiss')}
            className="focus-ring -my-0.5 flex size-6 shrink-0 items-center justify-center rounded-md text-fg-tertiary hover:bg-surface-hover hover:text-fg"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </div>
      ))}
    </div>,
    document.body,
  );
}

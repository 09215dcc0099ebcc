import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner';
import { pauseToast, resumeToast, runToastAction, useToastStore, type ToastStatus } from './toast-store';

const icons: Record<ToastStatus, ReactNode> = {
  success: <CircleCheck className="size-[18px] text-accent" aria-hidden />,
  error: <CircleAlert className="size-[18px] text-danger" aria-hidden />,
  warning: <TriangleAlert className="size-[18px] text-amber-500" aria-hidden />,
  info: <Info className="size-[18px] text-fg-secondary" aria-hidden />,
  loading: <Spinner className="size-[18px] text-fg-secondary" />,
};

/**
 * Draws the toasts of `showToast` at the top centre, just under the app's 56 px header: at the
 * bottom they covered the composer and its send button (on a phone the whole width is
 * composer), and on the header they covered its buttons. Mounted once, in the app providers, so
 * a toast shows on every page (auth and shared pages included). Pointer or focus on a toast
 * holds it, so its action (Undo) stays reachable.
 */
export function Toaster() {
  const { t } = useTranslation('common');
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);

  return createPortal(
    <div
      className="pointer-events-none fixed inset-x-0 top-[calc(env(safe-area-inset-top)+4rem)] z-[100] flex flex-col items-center gap-2 px-3"
      data-testid="toaster"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.status === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          data-status={toast.status}
          onPointerEnter={() => pauseToast(toast.id)}
          onPointerLeave={() => resumeToast(toast.id)}
          onFocus={() => pauseToast(toast.id)}
          onBlur={() => resumeToast(toast.id)}
          className="pointer-events-auto flex w-full max-w-md items-start gap-2.5 rounded-xl border border-line bg-surface-elevated py-2.5 pr-2 pl-3.5 text-sm text-fg shadow-elevated animate-pop-in sm:w-auto sm:min-w-[18rem]"
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
          {toast.action ? (
            <button
              type="button"
              onClick={() => runToastAction(toast.id)}
              className="focus-ring -my-1 shrink-0 rounded-md px-2 py-1 text-sm font-semibold text-accent hover:bg-accent-soft"
              data-testid="toast-action"
            >
              {toast.action.label}
            </button>
          ) : null}
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

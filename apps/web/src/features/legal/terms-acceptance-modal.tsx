import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ScrollText } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { showToast } from '../../components/ui/toast-store';
import { queryClient } from '../../lib/query-client';
import { endSession, useAuthStore } from '../auth/auth-store';
import { useStartupConfig } from '../config/use-startup-config';
import { getPolicyText } from './policy-content';
import { acceptTerms } from './terms-api';
import { useNeedsTermsAcceptance } from './use-needs-terms-acceptance';
import { PlainText } from '../chat/markdown/plain-text';

// The markdown parser loads when the modal opens (most sessions never see it).
const PolicyMarkdown = lazy(() => import('./policy-markdown'));

const keepOpen = (event: Event) => event.preventDefault();

/**
 * SPEC 4: with `interface.termsOfService.modalAcceptance` on, a signed-in user who has not
 * accepted the terms sees them before anything else. It cannot be dismissed: accept, or decline
 * and be signed out (to /login?redirect=false, so an OpenID auto-redirect does not sign them
 * straight back in).
 */
export function TermsAcceptanceModal() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const { data: config } = useStartupConfig();
  const open = useNeedsTermsAcceptance();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const terms = config?.interface.termsOfService;
  if (!open || !user) return null;
  const text = getPolicyText(terms?.modalContent);

  async function accept() {
    setBusy('accept');
    try {
      await acceptTerms();
      const current = useAuthStore.getState().user;
      if (current) useAuthStore.getState().setUser({ ...current, termsAccepted: true });
    } catch {
      showToast({ message: t('terms_accept_failed'), status: 'error' });
    } finally {
      setBusy(null);
    }
  }

  async function decline() {
    setBusy('decline');
    await endSession();
    queryClient.clear();
    await navigate('/login?redirect=false', { replace: true });
  }

  return (
    <DialogPrimitive.Root open>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-overlay backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          data-testid="terms-modal"
          ref={contentRef}
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          // The dialog itself takes focus, not the text: no focus ring painted on open; Tab
          // reaches the text (to scroll it by keyboard) and the buttons.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            contentRef.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[min(44rem,calc(100dvh-2rem))] w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl border border-line bg-surface-elevated text-fg shadow-elevated outline-none data-[state=open]:animate-pop-in"
        >
          <div className="flex items-start gap-3.5 border-b border-line px-6 pt-6 pb-5">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent">
              <ScrollText className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <DialogPrimitive.Title className="text-lg font-semibold tracking-tight" data-testid="terms-modal-title">
                {terms?.modalTitle || t('terms_default_title')}
              </DialogPrimitive.Title>
              <DialogPrimitive.Description className="mt-0.5 text-sm text-fg-secondary">
                {t('terms_intro')}
              </DialogPrimitive.Description>
            </div>
          </div>
          <div
            className="min-h-0 flex-1 overflow-y-auto outline-none focus-visible:ring-2 focus-visible:ring-[var(--ring)] focus-visible:ring-inset px-6 py-5 text-[15px] leading-7 text-fg-secondary [&_a]:text-accent [&_a]:underline [&_h1]:text-xl [&_h1]:font-semibold [&_h1]:text-fg [&_h2]:mt-6 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-fg [&_h3]:font-semibold [&_h3]:text-fg [&_li]:ml-5 [&_ol]:list-decimal [&_p+p]:mt-3 [&_strong]:text-fg [&_ul]:list-disc [&>*+*]:mt-3"
            data-testid="terms-modal-content"
            tabIndex={0}
          >
            {text ? (
              <Suspense fallback={<PlainText content={text} />}>
                <PolicyMarkdown text={text} />
              </Suspense>
            ) : (
              <p>{t('terms_no_content')}</p>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 border-t border-line bg-surface-secondary/40 px-6 py-4 sm:flex-row sm:justify-end">
            <Button
              variant="outline"
              onClick={() => void decline()}
              isLoading={busy === 'decline'}
              disabled={busy !== null}
              data-testid="terms-decline"
            >
              {t('terms_decline')}
            </Button>
            <Button
              onClick={() => void accept()}
              isLoading={busy === 'accept'}
              disabled={busy !== null}
              data-testid="terms-accept"
            >
              {t('terms_accept')}
            </Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

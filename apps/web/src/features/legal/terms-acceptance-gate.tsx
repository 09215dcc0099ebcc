import { lazy, Suspense } from 'react';
import { useNeedsTermsAcceptance } from './use-needs-terms-acceptance';

// The modal's code loads only for a user who has terms to accept (issue 26: the chat's first load).
const TermsAcceptanceModal = lazy(async () => ({
  default: (await import('./terms-acceptance-modal')).TermsAcceptanceModal,
}));

/** The terms modal (SPEC 4), rendered while the signed-in user has terms to accept. */
export function TermsAcceptanceGate() {
  if (!useNeedsTermsAcceptance()) return null;
  return (
    <Suspense fallback={null}>
      <TermsAcceptanceModal />
    </Suspense>
  );
}

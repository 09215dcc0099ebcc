import { useParams } from 'react-router';
import { RequireAuth } from '../auth/require-auth';
import { TestCheckoutView } from './test-checkout-view';
import { TestPortalView } from './test-portal-view';

/**
 * /checkout/test/:sessionId and /checkout/test/portal: the app's own, clearly labelled checkout
 * and billing portal when no Stripe key is set. Both need the session (the silent refresh on start
 * provides it); anyone signed out is sent to /login.
 */
export function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  return (
    <RequireAuth>
      {sessionId === 'portal' ? <TestPortalView /> : <TestCheckoutView sessionId={sessionId} />}
    </RequireAuth>
  );
}

/**
 * PLACEHOLDER (issue 23, web helper): the app's own, clearly labelled test checkout
 * (/checkout/test/:sessionId) when no Stripe key is set; Pay completes it through the server.
 */
export function TestCheckoutPage() {
  return null;
}

/**
 * PLACEHOLDER (issue 23, web helper): the paywall (SPEC 4's rules), the plans dialog a
 * token_balance error opens, the success and incomplete dialogs, and the checkout return
 * (`?subscription=success|cancel&session_id=…`, read then removed). Mounted once in the app frame.
 */
export function SubscriptionHost() {
  return null;
}

/** PLACEHOLDER (issue 23, web helper): Settings → Subscription (status, plan, manage, subscribe again). */
export function SubscriptionSettings() {
  return null;
}

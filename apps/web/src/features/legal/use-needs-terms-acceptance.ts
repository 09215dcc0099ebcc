import { useAuthStore } from '../auth/auth-store';
import { useStartupConfig } from '../config/use-startup-config';

/** SPEC 4: terms to accept in a modal (`interface.termsOfService.modalAcceptance`) that this user has not accepted. */
export function useNeedsTermsAcceptance(): boolean {
  const user = useAuthStore((s) => s.user);
  const { data: config } = useStartupConfig();
  return Boolean(config?.interface.termsOfService?.modalAcceptance && user && !user.termsAccepted);
}

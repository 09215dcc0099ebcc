/** PLACEHOLDER (issue 22): the terms modal (interface.termsOfService.modalAcceptance, SPEC 4). */
export function TermsAcceptanceModal() {
  return null;
}

import { PASSKEY_PATHS, type AuthResponse, type PasskeySummary } from '@confab/shared';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { apiJson } from '../../../../lib/api-client';

/** A sign-in ceremony the server started: its options and the id to answer it with. */
export interface StartedCeremony {
  challengeId: string;
  options: PublicKeyCredentialRequestOptionsJSON;
}

const itemPath = (id: string) => PASSKEY_PATHS.item.replace(':id', encodeURIComponent(id));

export const passkeysKey = ['passkeys'] as const;

export function listPasskeys(): Promise<PasskeySummary[]> {
  return apiJson<PasskeySummary[]>(PASSKEY_PATHS.list);
}

export function postRegistrationOptions(): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return apiJson(PASSKEY_PATHS.registerOptions, { method: 'POST' });
}

export function postRegistration(response: RegistrationResponseJSON, name: string): Promise<PasskeySummary> {
  return apiJson(PASSKEY_PATHS.registerVerify, { method: 'POST', json: { response, name } });
}

export function patchPasskeyName(id: string, name: string): Promise<PasskeySummary> {
  return apiJson(itemPath(id), { method: 'PATCH', json: { name } });
}

export function deletePasskey(id: string): Promise<void> {
  return apiJson(itemPath(id), { method: 'DELETE' });
}

export function postLoginOptions(): Promise<StartedCeremony> {
  return apiJson(PASSKEY_PATHS.loginOptions, { method: 'POST' });
}

export function postLogin(challengeId: string, response: AuthenticationResponseJSON): Promise<AuthResponse> {
  return apiJson(PASSKEY_PATHS.loginVerify, { method: 'POST', json: { challengeId, response } });
}

export function postSecondFactorOptions(tempToken: string): Promise<StartedCeremony> {
  return apiJson(PASSKEY_PATHS.secondFactorOptions, { method: 'POST', json: { tempToken } });
}

export function postSecondFactor(
  tempToken: string,
  challengeId: string,
  response: AuthenticationResponseJSON,
): Promise<AuthResponse> {
  return apiJson(PASSKEY_PATHS.secondFactorVerify, { method: 'POST', json: { tempToken, challengeId, response } });
}

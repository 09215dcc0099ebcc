import type { AuthResponse, LoginInput, PublicUser, RegisterInput, RequestPasswordResetResponse } from '@confab/shared';
import { apiJson } from '../../lib/api-client';

/** A login either signs in or asks for the second factor (SPEC 7). */
export type LoginResponse = AuthResponse | { twoFAPending: true; tempToken: string; message?: string };

export function isTwoFactorPending(response: LoginResponse): response is { twoFAPending: true; tempToken: string } {
  return 'twoFAPending' in response && response.twoFAPending === true;
}

export function postLogin(input: LoginInput): Promise<LoginResponse> {
  return apiJson<LoginResponse>('/api/auth/login', { method: 'POST', json: input });
}

/** With mail configured and verification required, registering signs nobody in: "check your email". */
export type RegisterResponse = AuthResponse | { message: string };

export function isSignedInResponse(response: RegisterResponse): response is AuthResponse {
  return 'token' in response && typeof response.token === 'string';
}

export function postRegister(input: RegisterInput): Promise<RegisterResponse> {
  return apiJson<RegisterResponse>('/api/auth/register', { method: 'POST', json: input });
}

export function postRequestPasswordReset(email: string): Promise<RequestPasswordResetResponse> {
  return apiJson('/api/auth/requestPasswordReset', { method: 'POST', json: { email } });
}

export function postResetPassword(input: {
  userId: string;
  token: string;
  password: string;
  confirm_password: string;
}): Promise<{ message?: string }> {
  return apiJson('/api/auth/resetPassword', { method: 'POST', json: input });
}

export function postVerifyEmail(input: { email: string; token: string }): Promise<{ message?: string }> {
  return apiJson('/api/user/verify', { method: 'POST', json: input });
}

export function postResendVerification(email: string): Promise<{ message?: string }> {
  return apiJson('/api/user/verify/resend', { method: 'POST', json: { email } });
}

/** A first password for an account that signs in with a provider (SPEC 5, Create password). */
export function postCreatePassword(input: {
  password: string;
  confirm_password: string;
}): Promise<{ message: string; user: PublicUser }> {
  return apiJson('/api/auth/createPassword', { method: 'POST', json: input });
}

export function postVerifyTwoFactor(input: {
  tempToken: string;
  token?: string;
  backupCode?: string;
}): Promise<AuthResponse> {
  return apiJson<AuthResponse>('/api/auth/2fa/verify-temp', { method: 'POST', json: input });
}

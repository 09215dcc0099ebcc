import type { AuthResponse, LoginInput, RegisterInput } from '@confab/shared';
import { apiJson } from '../../lib/api-client';

/** A login either signs in or asks for the second factor (SPEC 7). */
export type LoginResponse = AuthResponse | { twoFAPending: true; tempToken: string; message?: string };

export function isTwoFactorPending(response: LoginResponse): response is { twoFAPending: true; tempToken: string } {
  return 'twoFAPending' in response && response.twoFAPending === true;
}

export function postLogin(input: LoginInput): Promise<LoginResponse> {
  return apiJson<LoginResponse>('/api/auth/login', { method: 'POST', json: input });
}

export function postRegister(input: RegisterInput): Promise<AuthResponse> {
  return apiJson<AuthResponse>('/api/auth/register', { method: 'POST', json: input });
}

export function postRequestPasswordReset(email: string): Promise<{ message?: string; link?: string }> {
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

export function postVerifyTwoFactor(input: {
  tempToken: string;
  token?: string;
  backupCode?: string;
}): Promise<AuthResponse> {
  return apiJson<AuthResponse>('/api/auth/2fa/verify-temp', { method: 'POST', json: input });
}

import { apiJson } from '../../lib/api-client';

/** POST /api/user/terms/accept (LibreChat's acceptTerms, no payload). */
export function acceptTerms(): Promise<{ message: string }> {
  return apiJson<{ message: string }>('/api/user/terms/accept', { method: 'POST' });
}

import { apiJson } from '../../../../lib/api-client';

/**
 * DELETE /api/user/delete. The typed email goes along: the server checks it too, so a tab left
 * open on another account cannot delete the wrong one.
 */
export function deleteAccount(email: string): Promise<{ message: string }> {
  return apiJson<{ message: string }>('/api/user/delete', { method: 'DELETE', json: { email } });
}

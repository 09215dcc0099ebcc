import type { TermsStatus } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { normalizeEmail } from '../users/users.repo.js';
import type { FilesService } from '../files/files.service.js';
import { deleteAccount } from './delete-account.js';

/**
 * LibreChat's client deletes without a body; the web app also sends the email the user typed,
 * so a stale tab cannot delete an account other than the one the user confirmed.
 */
const deleteAccountSchema = z.object({ email: z.string().max(320).optional() }).optional();

/** The signed-in user's terms and account deletion (LibreChat's /api/user routes and answers). */
export async function accountRoutes(app: FastifyInstance, opts: { files: FilesService }): Promise<void> {
  const auth = { preHandler: app.authenticate };

  app.get('/api/user/terms', auth, async (request): Promise<TermsStatus> => {
    const row = await app.db.kysely
      .selectFrom('users')
      .select('terms_accepted')
      .where('id', '=', request.user.id)
      .executeTakeFirst();
    if (!row) throw new AppError('unauthorized', 'User not found');
    return { termsAccepted: row.terms_accepted === 1 };
  });

  app.post('/api/user/terms/accept', auth, async (request) => {
    await app.db.kysely
      .updateTable('users')
      .set({ terms_accepted: 1, updated_at: new Date().toISOString() })
      .where('id', '=', request.user.id)
      .execute();
    return { message: 'Terms accepted successfully' };
  });

  app.delete('/api/user/delete', auth, async (request) => {
    const confirmation = parseInput(deleteAccountSchema, request.body ?? undefined)?.email;
    if (confirmation !== undefined && normalizeEmail(confirmation) !== normalizeEmail(request.user.email)) {
      throw new AppError('confirmation_mismatch', 'The email does not match your account.');
    }
    await deleteAccount(app.db, opts.files, request.user.id);
    request.log.info({ userId: request.user.id }, 'account deleted');
    return { message: 'User deleted' };
  });
}

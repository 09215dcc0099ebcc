import { SHARE_ID_PATTERN } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Env } from '../../env.js';
import { AppError } from '../../platform/errors.js';
import { findShareForVisitor } from './share.repo.js';

/**
 * Who may open a shared link, in one place: the shared page, its meme reactions and the files it
 * shows all follow it. Links are on unless ALLOW_SHARED_LINKS is off; with
 * ALLOW_SHARED_LINKS_PUBLIC off, a link opens for signed-in users only.
 */
export function sharedLinkSettings(env: Pick<Env, 'ALLOW_SHARED_LINKS' | 'ALLOW_SHARED_LINKS_PUBLIC'>): {
  isEnabled: boolean;
  isPublic: boolean;
} {
  const isEnabled = env.ALLOW_SHARED_LINKS ?? true;
  return { isEnabled, isPublic: isEnabled && (env.ALLOW_SHARED_LINKS_PUBLIC ?? true) };
}

/** The preHandlers of shared-link routes: the owner's (signed in), and a visitor's (signed in only when links are not public). */
export function sharedLinkGuards(app: FastifyInstance) {
  const { isEnabled, isPublic } = sharedLinkSettings(app.env);
  const requireEnabled = async () => {
    if (!isEnabled) throw new AppError('forbidden', 'Shared links are disabled on this server');
  };
  return {
    owner: { preHandler: [requireEnabled, app.authenticate] },
    visitor: { preHandler: isPublic ? [requireEnabled] : [requireEnabled, app.authenticate] },
  };
}

/** The link a visitor may open: a well-formed id of a link that exists and is public; undefined otherwise. */
export async function findVisibleShare(db: Kysely<Database>, shareId: string) {
  if (!SHARE_ID_PATTERN.test(shareId)) return undefined;
  const share = await findShareForVisitor(db, shareId);
  return share?.is_public === 1 ? share : undefined;
}

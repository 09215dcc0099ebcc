import type { AdminBanner, BannerInput, BannerResponse } from '@confab/shared';
import type { Kysely, Transaction } from 'kysely';
import type { BannersTable, Database } from '../../db/schema.js';
import { newId, nowIso } from '../../platform/ids.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** LibreChat's banner shape (its `getBanner` answer, without Mongo's `_id`/`__v`). */
export function toBannerResponse(row: BannersTable): BannerResponse {
  return {
    bannerId: row.id,
    message: row.message,
    displayFrom: row.display_from,
    ...(row.display_to === null ? {} : { displayTo: row.display_to }),
    type: 'banner',
    isPublic: row.is_public === 1,
    persistable: row.persistable === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toAdminBanner(row: BannersTable, now: string): AdminBanner {
  const status = row.display_from > now ? 'scheduled' : row.display_to !== null && row.display_to < now ? 'ended' : 'live';
  return { ...toBannerResponse(row), displayTo: row.display_to, status };
}

/**
 * The banner to show now: displayFrom <= now <= displayTo (open-ended when null), as LibreChat's
 * getBanner. Visitors see public banners only. Where several overlap, the one that started last
 * wins (then the last edited): an administrator who schedules a newer notice over a standing one
 * means the newer one, and the answer does not depend on the order rows happen to be read in.
 */
export function findCurrentBanner(db: Executor, opts: { isSignedIn: boolean }): Promise<BannersTable | undefined> {
  const now = nowIso();
  let query = db
    .selectFrom('banners')
    .selectAll()
    .where('display_from', '<=', now)
    .where((eb) => eb.or([eb('display_to', 'is', null), eb('display_to', '>=', now)]));
  if (!opts.isSignedIn) query = query.where('is_public', '=', 1);
  return query.orderBy('display_from', 'desc').orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export function listBanners(db: Executor): Promise<BannersTable[]> {
  return db.selectFrom('banners').selectAll().orderBy('display_from', 'desc').orderBy('id', 'desc').execute();
}

export function findBannerById(db: Executor, id: string): Promise<BannersTable | undefined> {
  return db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Dates are stored as UTC ISO strings so that the window compares as text on both dialects. */
function columnsOf(input: BannerInput) {
  return {
    message: input.message,
    display_from: new Date(input.displayFrom).toISOString(),
    display_to: input.displayTo === null ? null : new Date(input.displayTo).toISOString(),
    is_public: input.isPublic ? 1 : 0,
    persistable: input.persistable ? 1 : 0,
  };
}

export async function insertBanner(db: Executor, input: BannerInput, createdBy: string): Promise<BannersTable> {
  const now = nowIso();
  const row: BannersTable = { id: newId(), ...columnsOf(input), created_by: createdBy, created_at: now, updated_at: now };
  await db.insertInto('banners').values(row).execute();
  return row;
}

/**
 * Rewrites a banner. `updated_at` always moves forward, even within one millisecond of the last
 * edit: it is what a dismissal is keyed by, and an edited banner must show again.
 */
export async function updateBanner(db: Executor, existing: BannersTable, input: BannerInput): Promise<BannersTable> {
  let updatedAt = nowIso();
  if (updatedAt <= existing.updated_at) updatedAt = new Date(Date.parse(existing.updated_at) + 1).toISOString();
  const changes = { ...columnsOf(input), updated_at: updatedAt };
  await db.updateTable('banners').set(changes).where('id', '=', existing.id).execute();
  return { ...existing, ...changes };
}

export async function deleteBanner(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('banners').where('id', '=', id).execute();
}

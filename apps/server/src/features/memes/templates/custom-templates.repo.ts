import { randomBytes } from 'node:crypto';
import { MEME_PATHS, type CaptionBoxInput, type MemeLayout, type MemeTemplate } from '@confab/shared';
import type { Kysely } from 'kysely';
import type { Database, MemeTemplatesTable } from '../../../db/schema.js';

/**
 * Templates of people's own pictures (migration 022): an administrator's for everyone, a user's
 * own. Every read names its viewer: a personal template exists only for its owner.
 */

export type CustomTemplateRow = MemeTemplatesTable;

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ID_LENGTH = 22;

/**
 * `u-` + 22 random characters of [a-z0-9] (about 113 bits). Unguessable because the picture route
 * answers without a bearer token (the canvas loads it as a plain <img>): knowing the id is the
 * permission to see the picture, as a share link's id is. The prefix keeps builtin ids (never
 * `u-…`) from ever being shadowed; the alphabet fits the picture route's `[a-z0-9-]` file names.
 */
export function newCustomTemplateId(): string {
  const bytes = randomBytes(ID_LENGTH * 2);
  let id = '';
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 36).
  for (const byte of bytes) {
    if (byte >= 252) continue;
    id += ID_ALPHABET[byte % ID_ALPHABET.length];
    if (id.length === ID_LENGTH) break;
  }
  return id.length === ID_LENGTH ? `u-${id}` : newCustomTemplateId();
}

export const isCustomTemplateId = (id: string): boolean => /^u-[a-z0-9]{22}$/.test(id);

function parseJsonArray<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** A row as the API answers it (MemeTemplate). */
export function toMemeTemplate(row: CustomTemplateRow): MemeTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    url: MEME_PATHS.template(row.id),
    width: row.width,
    height: row.height,
    boxes: parseJsonArray<CaptionBoxInput>(row.boxes),
    keywords: parseJsonArray<string>(row.keywords),
    scope: row.scope,
    ...(row.layout ? { layout: row.layout as MemeLayout } : {}),
  };
}

export async function insertCustomTemplate(db: Kysely<Database>, row: CustomTemplateRow): Promise<void> {
  await db.insertInto('meme_templates').values(row).execute();
}

/** What the viewer sees: every global template, then their own personal ones; oldest first in each. */
export function listVisibleTemplates(db: Kysely<Database>, viewerId: string): Promise<CustomTemplateRow[]> {
  return db
    .selectFrom('meme_templates')
    .selectAll()
    .where((eb) => eb.or([eb('scope', '=', 'global'), eb('user_id', '=', viewerId)]))
    .orderBy((eb) => eb.case().when('scope', '=', 'global').then(0).else(1).end())
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** One template the viewer may see, or undefined (unknown and someone else's personal read the same). */
export function findVisibleTemplate(
  db: Kysely<Database>,
  viewerId: string,
  id: string,
): Promise<CustomTemplateRow | undefined> {
  return db
    .selectFrom('meme_templates')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('scope', '=', 'global'), eb('user_id', '=', viewerId)]))
    .executeTakeFirst();
}

/** The picture behind a template id: its file's storage key and type (the id is the permission, see newCustomTemplateId). */
export function findTemplatePicture(
  db: Kysely<Database>,
  id: string,
): Promise<{ storage_key: string; type: string; width: number; height: number } | undefined> {
  return db
    .selectFrom('meme_templates')
    .innerJoin('files', 'files.file_id', 'meme_templates.file_id')
    .select(['files.storage_key', 'files.type', 'meme_templates.width', 'meme_templates.height'])
    .where('meme_templates.id', '=', id)
    .executeTakeFirst();
}

export function findTemplateRow(db: Kysely<Database>, id: string): Promise<CustomTemplateRow | undefined> {
  return db.selectFrom('meme_templates').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteTemplateRow(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('meme_templates').where('id', '=', id).execute();
}

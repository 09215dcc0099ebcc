import { MEME_PATHS, MEME_TOOLS } from '@confab/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { readCapped } from '../../../platform/read-capped.js';
import type { StorageAdapter } from '../../../platform/storage/storage.js';
import { loadSharp } from '../../files/images/load-sharp.js';
import { pictureSize } from '../meme-source-picture.js';
import { MemeSourceError, type MemeSource } from '../meme-sources.js';
import { findTemplatePicture, findVisibleTemplate, isCustomTemplateId } from './custom-templates.repo.js';
import { MEME_THUMBNAIL } from './meme-templates.js';

/** A stored picture read whole at most this large (an upload's own limit is lower). */
const MAX_PICTURE_BYTES = 64 * 1024 * 1024;

export interface TemplatePicture {
  data: Buffer;
  type: string;
  width: number;
  height: number;
}

/** A custom template's picture as stored (the owner's file), or undefined for an unknown id. */
export async function customTemplatePicture(
  db: Kysely<Database>,
  storage: StorageAdapter,
  id: string,
): Promise<TemplatePicture | undefined> {
  if (!isCustomTemplateId(id)) return undefined;
  const found = await findTemplatePicture(db, id);
  if (!found) return undefined;
  const data = await readCapped(await storage.get(found.storage_key), MAX_PICTURE_BYTES);
  return data ? { data, type: found.type, width: found.width, height: found.height } : undefined;
}

/**
 * The gallery's thumbnail of a custom picture: contained in the builtin thumbnails' 270×480 on
 * black, as the meme canvas will draw it (contained and centred on black), so the grid stays even.
 */
export async function customTemplateThumbnail(picture: TemplatePicture): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(picture.data, { animated: false })
    .rotate()
    .resize(MEME_THUMBNAIL.width, MEME_THUMBNAIL.height, { fit: 'contain', background: '#000000' })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * A custom template as a meme's picture (`template:u-…` in create_meme_image): only one the user
 * may see (global, or their own); anything else reads as absent, in words the model can act on.
 */
export async function customTemplateSource(
  db: Kysely<Database>,
  storage: StorageAdapter,
  userId: string,
  id: string,
): Promise<MemeSource> {
  const visible = await findVisibleTemplate(db, userId, id);
  const picture = visible ? await customTemplatePicture(db, storage, id) : undefined;
  if (!picture)
    throw new MemeSourceError(
      `There is no template "${id}" for this user. Find one with ${MEME_TOOLS.searchTemplates}, or use a gallery template.`,
    );
  const { width, height } = await pictureSize(picture.data);
  return { data: picture.data, type: picture.type, width, height, sourceUrl: MEME_PATHS.template(id) };
}

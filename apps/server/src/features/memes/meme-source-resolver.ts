import { MEME_PATHS } from '@confab/shared';
import { readCapped } from '../../platform/read-capped.js';
import { cleanFileName } from '../files/file-names.js';
import { findOwnedFile } from '../files/files.repo.js';
import { storeGeneratedFile } from '../files/store-generated.js';
import { findMemeTemplate, listMemeTemplates, memeTemplateImage } from './templates/meme-templates.js';
import { customTemplateSource } from './templates/custom-template-picture.js';
import { isCustomTemplateId } from './templates/custom-templates.repo.js';
import type { MemesDeps } from './memes.feature.js';
import { fetchRemotePicture, REMOTE_SOURCE_LIMITS } from './meme-source-fetch.js';
import { MEME_SOURCE_TYPES, normalisePicture, pictureSize, sniffPictureType } from './meme-source-picture.js';
import { ACCEPTED_SOURCES, originsOf, parseMemeSourceRef } from './meme-source-ref.js';
import { MemeSourceError, type MemeSource, type MemeSourceResolver } from './meme-sources.js';

/** A data URL carries at most this many decoded bytes: the model writes it token by token. */
export const DATA_URL_MAX_BYTES = 5 * 1024 * 1024;

type ResolveContext = Parameters<MemeSourceResolver['resolve']>[0];

/** The name a fetched picture keeps in My files: the URL's last segment, with the stored type's extension. */
function remoteFileName(url: URL | undefined, type: string): string {
  const extension = type === 'image/png' ? 'png' : 'jpg';
  const last = url ? url.pathname.split('/').filter(Boolean).pop() : undefined;
  const stem = last ? cleanFileName(last).replace(/\.[^.]*$/, '') : '';
  return `${stem && stem !== 'file' ? stem : 'meme-picture'}.${extension}`;
}

/**
 * Finds the picture under a meme (meme-sources.ts): a gallery template, one of the caller's image
 * files (owner-checked: another user's file reads as absent), or a picture from outside (a remote
 * URL through the egress guard, a data URL), which is checked, cleaned and stored as the caller's
 * file first so the browser only ever loads our own paths.
 */
export function createMemeSourceResolver(deps: MemesDeps): MemeSourceResolver {
  const ownOrigins = originsOf([deps.env.DOMAIN_SERVER, deps.env.DOMAIN_CLIENT]);

  async function fromTemplate(id: string): Promise<MemeSource> {
    const data = findMemeTemplate(id) ? await memeTemplateImage(id) : undefined;
    if (!data) {
      const ids = listMemeTemplates().map((t) => t.id);
      throw new MemeSourceError(
        `There is no gallery template "${id}".${ids.length ? ` The templates are: ${ids.join(', ')}.` : ' The gallery is empty: use another picture.'}`,
      );
    }
    const { width, height } = await pictureSize(data);
    return { data, type: 'image/png', width, height, sourceUrl: MEME_PATHS.template(id) };
  }

  async function fromOwnedFile(context: ResolveContext, fileId: string, ownerInPath?: string): Promise<MemeSource> {
    // Another user's path, id or a non-image all read the same: nothing says the file exists.
    const notFound = new MemeSourceError(
      `No image "${fileId}" was found among the user's files. Use the file_id of an image attached in this conversation, or another picture.`,
    );
    if (ownerInPath !== undefined && ownerInPath !== context.userId) throw notFound;
    const row = await findOwnedFile(deps.db.kysely, context.userId, fileId);
    if (!row || !MEME_SOURCE_TYPES.has(row.type)) throw notFound;
    context.signal.throwIfAborted();
    const data = await readCapped(await deps.storage.get(row.storage_key), REMOTE_SOURCE_LIMITS.maxBytes * 2);
    if (!data) throw new MemeSourceError('The picture is too large to use.');
    const { width, height } = await pictureSize(data);
    return { data, type: row.type, width, height, sourceUrl: row.filepath };
  }

  /** Checks, cleans and keeps a picture from outside as one of the caller's files. */
  async function storeOutsidePicture(context: ResolveContext, data: Buffer, url?: URL): Promise<MemeSource> {
    if (!(await sniffPictureType(data)))
      throw new MemeSourceError(
        `${url ? url.href : 'The data URL'} is not a picture: only JPEG, PNG, WebP and GIF images can be used.`,
      );
    const picture = await normalisePicture(data);
    context.signal.throwIfAborted();
    const { record } = await storeGeneratedFile(deps.db, deps.storage, {
      userId: context.userId,
      data: picture.data,
      type: picture.type,
      filename: remoteFileName(url, picture.type),
      width: picture.width,
      height: picture.height,
      thumbnail: picture.thumbnail,
      conversationId: context.conversationId,
      context: 'message_attachment',
    });
    return {
      data: picture.data,
      type: picture.type,
      width: picture.width,
      height: picture.height,
      sourceUrl: record.filepath,
    };
  }

  return {
    async resolve(context, imageUrlString) {
      context.signal.throwIfAborted();
      const ref = parseMemeSourceRef(imageUrlString, ownOrigins);
      if (!ref)
        throw new MemeSourceError(
          `"${imageUrlString.slice(0, 200)}" is not a picture the tool can use. ${ACCEPTED_SOURCES}`,
        );
      switch (ref.kind) {
        case 'template':
          // Issue 39: people's own templates (`u-…` ids, never a builtin's) are pictures in storage.
          return isCustomTemplateId(ref.id)
            ? customTemplateSource(deps.db.kysely, deps.storage, context.userId, ref.id)
            : fromTemplate(ref.id);
        case 'file':
          return fromOwnedFile(context, ref.fileId, ref.ownerInPath);
        case 'bare':
          // A template's id written without `template:` is still the template.
          return findMemeTemplate(ref.id) ? fromTemplate(ref.id) : fromOwnedFile(context, ref.id);
        case 'remote': {
          const { data, finalUrl } = await fetchRemotePicture(deps.fetch, ref.url, context.signal);
          return storeOutsidePicture(context, data, finalUrl);
        }
        case 'data': {
          if ((ref.base64.length * 3) / 4 > DATA_URL_MAX_BYTES)
            throw new MemeSourceError(
              `The data URL is larger than ${DATA_URL_MAX_BYTES / 1024 / 1024} MB; use a smaller picture.`,
            );
          return storeOutsidePicture(context, Buffer.from(ref.base64, 'base64'));
        }
      }
    },
  };
}

import { MEME_PATHS, type MemeLink } from '@confab/shared';
import { apiJson } from '../../../lib/api-client';

/** Issue 39: the public link of one meme, made once (the same file again answers the same link). */
export function createMemeLink(fileId: string): Promise<MemeLink> {
  return apiJson<MemeLink>(MEME_PATHS.links, { method: 'POST', json: { fileId } });
}

export function revokeMemeLink(linkId: string): Promise<unknown> {
  return apiJson(`${MEME_PATHS.links}/${encodeURIComponent(linkId)}`, { method: 'DELETE' });
}

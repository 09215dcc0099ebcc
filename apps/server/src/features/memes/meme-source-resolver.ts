import type { MemesDeps } from './memes.feature.js';
import { MemeSourceError, type MemeSourceResolver } from './meme-sources.js';

// Placeholder: built by its own part of issue 21.
export function createMemeSourceResolver(_deps: MemesDeps): MemeSourceResolver {
  return {
    resolve: () => Promise.reject(new MemeSourceError('meme pictures are not available yet')),
  };
}

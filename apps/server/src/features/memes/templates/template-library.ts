import type { MemeTemplate, MemeTemplatesResponse } from '@confab/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Embedder, EmbedderUnavailable } from '../../file-search/embedder.js';
import { isEmbedder } from '../../file-search/embedder.js';
import { listVisibleTemplates, toMemeTemplate } from './custom-templates.repo.js';
import { listMemeTemplates } from './meme-templates.js';
import { TemplateMeaning } from './template-meaning.js';
import { rankTemplatesByWords } from './template-search.js';

export interface TemplateSearch {
  search?: string | undefined;
  mode?: 'words' | 'auto' | undefined;
  limit?: number | undefined;
}

/** Results of a search when no limit is given: enough for a screen of the gallery and then some. */
export const DEFAULT_SEARCH_LIMIT = 24;

/**
 * The one template library (issue 39) the gallery's route and the model's search tool both ask:
 * the builtin art, then the administrators' templates for everyone, then the viewer's own; found
 * by words, or by meaning when asked (`auto`) and an embedding model is configured.
 */
export class TemplateLibrary {
  private readonly meaning: TemplateMeaning | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    embedder: Embedder | EmbedderUnavailable,
    private readonly log: FastifyBaseLogger,
  ) {
    this.meaning = isEmbedder(embedder) ? new TemplateMeaning(embedder) : undefined;
  }

  /** Every template the viewer may use, in gallery order. */
  async list(viewerId: string): Promise<MemeTemplate[]> {
    const custom = await listVisibleTemplates(this.db, viewerId);
    return [...listMemeTemplates(), ...custom.map(toMemeTemplate)];
  }

  async search(viewerId: string, query: TemplateSearch, signal?: AbortSignal): Promise<MemeTemplatesResponse> {
    const templates = await this.list(viewerId);
    const phrase = query.search?.trim() ?? '';
    if (!phrase) return { templates: query.limit ? templates.slice(0, query.limit) : templates, mode: 'all' };
    const limit = query.limit ?? DEFAULT_SEARCH_LIMIT;
    if (query.mode === 'auto' && this.meaning) {
      try {
        return { templates: await this.meaning.rank(templates, phrase, limit, signal), mode: 'auto' };
      } catch (err) {
        // The embedding API down must not leave the gallery without a search: words still find.
        if (signal?.aborted) throw err;
        this.log.warn({ err }, 'meme template search by meaning failed; searching by words');
      }
    }
    return { templates: rankTemplatesByWords(templates, phrase, limit), mode: 'words' };
  }
}

import type { MemeTemplate } from '@confab/shared';
import type { Embedder } from '../../file-search/embedder.js';
import { rankBySimilarity } from '../../file-search/vector-math.js';
import { templateSearchText } from './template-search.js';

/**
 * The template library's "automatic mode" (issue 39): a phrase ("when the build fails on a
 * Friday") embedded with the server's embedding model (the one file_search uses) and compared by
 * cosine with each template's text. The templates' vectors are kept in memory per model and per
 * text, computed lazily at the first search that needs them, once: the builtin sixty are the same
 * for everyone, and a custom template's text only changes with a new template.
 */

/** Vectors kept at most (the builtin gallery plus custom templates); the oldest go first beyond it. */
const MAX_CACHED_VECTORS = 5000;

export class TemplateMeaning {
  /** `model \0 text` → its vector (or the request computing it, shared by concurrent searches). */
  private readonly vectors = new Map<string, Promise<number[]>>();

  constructor(private readonly embedder: Embedder) {}

  /**
   * The templates nearest in meaning to `phrase`, nearest first. Throws when the embedding API
   * fails; the caller falls back to words.
   */
  async rank<T extends MemeTemplate>(
    templates: readonly T[],
    phrase: string,
    limit: number,
    signal?: AbortSignal,
  ): Promise<T[]> {
    if (templates.length === 0) return [];
    const [query] = await this.embedder.embed([phrase], signal);
    if (!query) throw new Error('The embedding model answered no vector');
    const vectors = await this.vectorsOf(templates.map(templateSearchText), signal);
    const items = templates.map((template, i) => ({ template, vector: vectors[i] ?? [] }));
    // No similarity at all (or the opposite) is no match: a search for nonsense finds nothing.
    return rankBySimilarity(query, items, limit)
      .filter((item) => item.score > 0)
      .map((item) => item.template);
  }

  /** The texts' vectors, embedding only those not yet cached, in one request. */
  private async vectorsOf(texts: readonly string[], signal?: AbortSignal): Promise<number[][]> {
    const keyOf = (text: string) => `${this.embedder.model}\u0000${text}`;
    const missing = [...new Set(texts.filter((text) => !this.vectors.has(keyOf(text))))];
    if (missing.length) {
      const batch = this.embedder.embed(missing, signal);
      missing.forEach((text, i) => {
        const vector = batch.then((vectors) => {
          const found = vectors[i];
          if (!found) throw new Error('The embedding model answered fewer vectors than texts');
          return found;
        });
        // A failure is not kept: the next search asks again.
        vector.catch(() => this.vectors.delete(keyOf(text)));
        this.vectors.set(keyOf(text), vector);
      });
      this.trim();
    }
    return Promise.all(texts.map((text) => this.vectors.get(keyOf(text)) ?? Promise.resolve([])));
  }

  private trim(): void {
    for (const key of this.vectors.keys()) {
      if (this.vectors.size <= MAX_CACHED_VECTORS) return;
      this.vectors.delete(key);
    }
  }
}

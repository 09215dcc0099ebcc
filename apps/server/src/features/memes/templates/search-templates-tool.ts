import { MEME_TOOLS, type MemeTemplate } from '@confab/shared';
import { z } from 'zod';
import type { ToolSource } from '../../tools/tool-registry.js';
import type { ToolContext, ToolOutput } from '../../tools/tool-types.js';
import { toolError, toolInputSchemaOf } from '../../tools/tool-output.js';
import type { TemplateLibrary } from './template-library.js';

/** The tool's arguments: what the meme is about, and how many templates to answer. */
export const searchTemplatesArgsSchema = z.object({
  query: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .describe(
      'What the meme is about or the format wanted, in a few words or a phrase ("two choices", "before and after").',
    ),
  limit: z.number().int().min(1).max(20).default(5).describe('How many templates to answer, best first (default 5).'),
});

/** One template as the model reads it: enough to pick it and place the captions. */
export interface SearchedTemplate {
  /** What create_meme_image takes as `imageUrlString`. */
  imageUrlString: string;
  id: string;
  name: string;
  description: string;
  keywords: string[];
  boxes: MemeTemplate['boxes'];
  layout?: MemeTemplate['layout'];
}

export interface SearchTemplatesOutput {
  /** How they were ranked: by meaning (`auto`, an embedding model answered) or by words. */
  mode: 'words' | 'auto' | 'all';
  templates: SearchedTemplate[];
}

export const toSearchedTemplate = (t: MemeTemplate): SearchedTemplate => ({
  imageUrlString: `template:${t.id}`,
  id: t.id,
  name: t.name,
  description: t.description,
  keywords: t.keywords ?? [],
  boxes: t.boxes,
  ...(t.layout ? { layout: t.layout } : {}),
});

const DESCRIPTION = [
  `Searches the meme template library (the gallery's own art, the templates administrators added for everyone and the user's own) and answers the best matches first, as JSON {mode, templates: [{imageUrlString, id, name, description, keywords, boxes, layout}]}.`,
  `Use it to find the template whose format fits the joke; then call ${MEME_TOOLS.image} with that template's imageUrlString, starting from its suggested boxes.`,
  `The search understands a phrase when the server has an embedding model (mode "auto"), and otherwise matches words (mode "words").`,
].join(' ');

/**
 * `search_meme_templates` (issue 39): the model's way into the same library the gallery searches,
 * by meaning where it can (the route's `mode=auto`), so the model and the user find alike.
 */
export function searchTemplatesToolSource(library: TemplateLibrary): ToolSource {
  const run = async (context: ToolContext, rawArgs: unknown): Promise<ToolOutput> => {
    const parsed = searchTemplatesArgsSchema.safeParse(rawArgs);
    if (!parsed.success)
      return toolError(
        `The arguments of ${MEME_TOOLS.searchTemplates} are not valid:\n${z.prettifyError(parsed.error)}`,
      );
    const { query, limit } = parsed.data;
    const found = await library.search(context.userId, { search: query, mode: 'auto', limit }, context.signal);
    const output: SearchTemplatesOutput = { mode: found.mode, templates: found.templates.map(toSearchedTemplate) };
    return { parts: [{ type: 'text', text: JSON.stringify(output) }] };
  };
  const tool = {
    name: MEME_TOOLS.searchTemplates,
    displayName: 'Meme template search',
    description: DESCRIPTION,
    descriptionForHuman: 'Finds the meme template that fits an idea.',
    inputSchema: toolInputSchemaOf(searchTemplatesArgsSchema),
    kind: 'builtin' as const,
    run,
  };
  return { listTools: () => Promise.resolve([tool]) };
}

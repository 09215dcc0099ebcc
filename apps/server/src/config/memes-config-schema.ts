import { z } from 'zod';

/**
 * The `memes` section (Confab's own; LibreChat has none):
 *
 *   memes:
 *     enabled: true              # the meme tools in the registry (default true)
 *     agent:                     # the built-in "Meme maker" agent
 *       enabled: true            # default true
 *       roles: [USER, ADMIN]     # who is offered it; absent = everyone
 *       provider: openAI         # the endpoint that runs it; absent = the first configured endpoint
 *       model: gpt-4o-mini       # absent = that endpoint's default model
 *     imageGeneration:           # pictures made by a provider, as meme backgrounds
 *       endpoint: openAI         # openAI, azureOpenAI, google, or a custom endpoint's name
 *       model: gpt-image-1
 */
export const memesConfigSchema = z
  .object({
    enabled: z.boolean().default(true),
    agent: z
      .object({
        enabled: z.boolean().default(true),
        roles: z.array(z.string().min(1)).optional(),
        provider: z.string().min(1).optional(),
        model: z.string().min(1).optional(),
      })
      .strict()
      .default({ enabled: true }),
    imageGeneration: z
      .object({ endpoint: z.string().min(1), model: z.string().min(1) })
      .strict()
      .optional(),
  })
  .strict();

export type MemesConfig = z.infer<typeof memesConfigSchema>;

import { DEFAULT_MEMORY_CHAR_LIMIT } from '@confab/shared';
import { z } from 'zod';

/**
 * LibreChat's `memory` section of librechat.yaml:
 *
 *   memory:
 *     disabled: false            # true turns memory off (the memories API answers 403)
 *     personalize: true          # users may turn memory on and off for themselves
 *     tokenLimit: 2000           # most tokens all of a user's memories may hold together
 *     charLimit: 10000           # longest value of one memory (default 10000)
 *     validKeys: [preferences]   # the only keys allowed, when set
 *     messageWindowSize: 5       # recent messages the memory step reads
 *     maxInputTokens: 12000      # and at most this many of their tokens
 *     agent:                     # the agent that runs the memory step (`enabled: false` stops it): one by id ...
 *       id: agent_abc
 *     # ... or a provider and model with its instructions
 *     #  provider: openAI
 *     #  model: gpt-4o-mini
 *     #  instructions: Keep only facts about the user.
 */
const memoryAgentSchema = z.union([
  z.object({ enabled: z.boolean().optional(), id: z.string().min(1) }).strict(),
  z
    .object({
      enabled: z.boolean().optional(),
      provider: z.string().min(1),
      model: z.string().min(1),
      instructions: z.string().optional(),
      model_parameters: z.record(z.string(), z.unknown()).optional(),
    })
    .strict(),
]);

export const memoryConfigSchema = z
  .object({
    disabled: z.boolean().optional(),
    personalize: z.boolean().default(true),
    tokenLimit: z.number().int().positive().optional(),
    charLimit: z.number().int().positive().default(DEFAULT_MEMORY_CHAR_LIMIT),
    /** Newer LibreChat: most tokens of the recent messages the memory step reads. */
    maxInputTokens: z.number().int().positive().default(12_000),
    validKeys: z.array(z.string().min(1)).optional(),
    messageWindowSize: z.number().int().positive().default(5),
    agent: memoryAgentSchema.optional(),
  })
  .strict();

export type MemoryConfig = z.infer<typeof memoryConfigSchema>;

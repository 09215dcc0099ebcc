import { z } from 'zod';
import { ConfigError } from '../config/load-config.js';
import type { AppConfig } from '../config/config-schema.js';

/**
 * The YAML sections of the built-in families (`endpoints.anthropic`, `.google`, `.bedrock`,
 * `.azureOpenAI`), in librechat.yaml's shape. The config schema accepts them loosely; the
 * catalog validates them here, where their meaning lives, and start-up fails on a typo.
 */

/** Fields every built-in section may carry. */
const commonFields = {
  /** Replaces the family's model list (our addition; LibreChat reads models from the environment). */
  models: z.array(z.string().min(1)).min(1, 'must list at least 1 model').optional(),
  titleConvo: z.boolean().optional(),
  titleModel: z.string().min(1).optional(),
  titleMethod: z.enum(['completion', 'functions', 'structured']).optional(),
  titlePrompt: z.string().optional(),
  titlePromptTemplate: z.string().optional(),
  streamRate: z.union([z.number(), z.string()]).optional(),
  modelDisplayLabel: z.string().min(1).optional(),
};

export const anthropicSectionSchema = z.object(commonFields).strict();
export const googleSectionSchema = z.object(commonFields).strict();
export const bedrockSectionSchema = z
  .object({
    ...commonFields,
    availableRegions: z.array(z.string().min(1)).min(1, 'must list at least 1 region').optional(),
  })
  .strict();

const azureModelSchema = z.union([
  z.boolean(),
  z.object({ deploymentName: z.string().min(1).optional(), version: z.string().min(1).optional() }).strict(),
]);

export const azureGroupSchema = z
  .object({
    group: z.string().min(1),
    apiKey: z.string().min(1),
    instanceName: z.string().min(1).optional(),
    baseURL: z.string().url().optional(),
    version: z.string().min(1).optional(),
    deploymentName: z.string().min(1).optional(),
    serverless: z.boolean().optional(),
    additionalHeaders: z.record(z.string(), z.string()).optional(),
    models: z
      .record(z.string(), azureModelSchema)
      .refine((m) => Object.keys(m).length > 0, { message: 'must list at least 1 model' }),
  })
  .strict()
  .refine((g) => g.instanceName || g.baseURL, { message: 'needs instanceName or baseURL' });
export type AzureGroupConfig = z.infer<typeof azureGroupSchema>;

export const azureSectionSchema = z
  .object({
    ...commonFields,
    groups: z.array(azureGroupSchema).min(1, 'must list at least 1 group'),
    plugins: z.boolean().optional(),
    assistants: z.boolean().optional(),
  })
  .strict();

export interface EndpointSections {
  anthropic?: z.infer<typeof anthropicSectionSchema> | undefined;
  google?: z.infer<typeof googleSectionSchema> | undefined;
  bedrock?: z.infer<typeof bedrockSectionSchema> | undefined;
  azureOpenAI?: z.infer<typeof azureSectionSchema> | undefined;
}

/** Validates the built-in sections; throws ConfigError with every problem and its path. */
export function parseEndpointSections(endpoints: AppConfig['endpoints'], file = 'config'): EndpointSections {
  const problems: string[] = [];
  const parse = <T>(name: string, schema: z.ZodType<T>, value: unknown): T | undefined => {
    if (value === undefined) return undefined;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      problems.push([`endpoints.${name}`, ...issue.path].join('.') + `: ${issue.message}`);
    return undefined;
  };
  const sections: EndpointSections = {
    anthropic: parse('anthropic', anthropicSectionSchema, endpoints?.anthropic),
    google: parse('google', googleSectionSchema, endpoints?.google),
    bedrock: parse('bedrock', bedrockSectionSchema, endpoints?.bedrock),
    azureOpenAI: parse('azureOpenAI', azureSectionSchema, endpoints?.azureOpenAI),
  };
  if (problems.length) throw new ConfigError(file, problems);
  return sections;
}

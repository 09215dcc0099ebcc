import { speechConfigSchema } from './speech-config-schema.js';
import { fileConfigSchema, IMAGE_OUTPUT_TYPES, planSchema, BUILT_IN_ENDPOINT_NAMES } from '@confab/shared';
import { z } from 'zod';
import { agentsEndpointSchema } from './agents-config-schema.js';
import { mcpServersSchema } from './mcp-servers-schema.js';
import { memesConfigSchema } from './memes-config-schema.js';
import { memoryConfigSchema } from './memory-config-schema.js';
import { webSearchConfigSchema } from './web-search-config-schema.js';

/**
 * The YAML configuration, in the shape of LibreChat's librechat.yaml (version 1.2.5).
 * Known sections are validated strictly enough to catch typos that would silently
 * change behaviour; sections later issues own are accepted loosely for now.
 */
/** Names a custom endpoint may not take (LibreChat's built-in endpoints). */
export const BUILT_IN_ENDPOINTS = BUILT_IN_ENDPOINT_NAMES;

const policyLink = z.object({
  externalUrl: z.string().url().optional(),
  openNewTab: z.boolean().optional(),
  modalAcceptance: z.boolean().optional(),
  modalTitle: z.string().optional(),
  modalContent: z.union([z.string(), z.array(z.string())]).optional(),
});

const interfaceSchema = z
  .object({
    customWelcome: z.string().optional(),
    /** Markdown under the chat input instead of the default footer; `|` separates its parts (LibreChat). */
    customFooter: z.string().max(2000).optional(),
    privacyPolicy: policyLink.optional(),
    termsOfService: policyLink.optional(),
    endpointsMenu: z.boolean().default(true),
    modelSelect: z.boolean().default(true),
    parameters: z.boolean().default(true),
    sidePanel: z.boolean().default(true),
    presets: z.boolean().default(true),
    prompts: z.boolean().default(true),
    bookmarks: z.boolean().default(true),
    multiConvo: z.boolean().default(true),
    agents: z.boolean().default(true),
    temporaryChat: z.boolean().default(true),
    /** Hours a temporary chat is kept before the expiry sweep deletes it (LibreChat: 1 to 8760, default 720). */
    temporaryChatRetention: z.number().int().min(1).max(8760).optional(),
    runCode: z.boolean().default(true),
    /** LibreChat's: the web search toggle in the chat's tools (issue 41). */
    webSearch: z.boolean().default(true),
    /** LibreChat's: memory in chats and Settings → Personalization (issue 41). */
    memories: z.boolean().default(true),
    showToolGridAt: z.number().int().min(0).optional(),
  })
  .strict();

const registrationSchema = z
  .object({
    socialLogins: z
      .array(z.enum(['google', 'facebook', 'openid', 'github', 'discord', 'apple', 'linkedin']))
      .optional(),
    allowedDomains: z.array(z.string()).optional(),
  })
  .strict();

const balanceSchema = z
  .object({
    enabled: z.boolean().default(false),
    startBalance: z.number().int().min(0).default(20000),
    autoRefillEnabled: z.boolean().default(false),
    refillIntervalValue: z.number().int().positive().default(30),
    refillIntervalUnit: z.enum(['seconds', 'minutes', 'hours', 'days', 'weeks', 'months']).default('days'),
    refillAmount: z.number().int().min(0).default(10000),
  })
  .strict();

/**
 * Confab's own sections (issue 23). `subscriptions.plans`: what Settings → Subscription and the
 * paywall offer (`id` is the Stripe price id). `pricing`: per-model token rates in USD per million
 * tokens (= credits per token), over the built-in table; a key matches a model name or its prefix.
 */
const subscriptionsSchema = z
  .object({
    enabled: z.boolean().optional(),
    plans: z.array(planSchema).max(12).default([]),
  })
  .strict();

const tokenRateSchema = z.object({ prompt: z.number().min(0), completion: z.number().min(0) }).strict();

const pricingSchema = z
  .object({
    /** Rates for models no table or override names (default: the built-in fallback). */
    default: tokenRateSchema.optional(),
    models: z.record(z.string().min(1), tokenRateSchema).default({}),
  })
  .strict();

const rateLimitWindow = z
  .object({
    ipMax: z.number().int().positive().optional(),
    ipWindowInMinutes: z.number().positive().optional(),
    userMax: z.number().int().positive().optional(),
    userWindowInMinutes: z.number().positive().optional(),
  })
  .strict();

const rateLimitsSchema = z
  .object({
    fileUploads: rateLimitWindow.optional(),
    conversationsImport: rateLimitWindow.optional(),
    tts: rateLimitWindow.optional(),
    stt: rateLimitWindow.optional(),
  })
  .strict();

/** A number or a numeric string; an empty string means unset (SPEC 5, Server configuration). */
const looseNumber = z.union([z.number(), z.string()]).transform((v, ctx) => {
  if (v === '') return undefined;
  const n = typeof v === 'number' ? v : Number(v);
  if (Number.isNaN(n)) {
    ctx.addIssue({ code: 'custom', message: 'must be a number' });
    return z.NEVER;
  }
  return n;
});

export const customEndpointSchema = z
  .object({
    name: z
      .string()
      .min(1)
      .refine((n) => !(BUILT_IN_ENDPOINTS as readonly string[]).some((b) => b.toLowerCase() === n.toLowerCase()), {
        message: 'must not be the name of a built-in endpoint',
      }),
    apiKey: z.string().min(1),
    baseURL: z.string().min(1),
    models: z
      .object({
        default: z.array(z.string().min(1)).min(1, 'must list at least 1 model'),
        fetch: z.boolean().optional(),
        userIdQuery: z.boolean().optional(),
      })
      .strict(),
    titleConvo: z.boolean().optional(),
    titleMethod: z.enum(['completion', 'functions', 'structured']).optional(),
    titleModel: z.string().optional(),
    summarize: z.boolean().optional(),
    summaryModel: z.string().optional(),
    forcePrompt: z.boolean().optional(),
    modelDisplayLabel: z.string().optional(),
    iconURL: z.string().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    addParams: z.record(z.string(), z.unknown()).optional(),
    dropParams: z.array(z.string()).optional(),
    customParams: z
      .object({ defaultParamsEndpoint: z.string().optional(), paramDefinitions: z.array(z.unknown()).optional() })
      .strict()
      .optional(),
    streamRate: looseNumber.optional(),
    directEndpoint: z.boolean().optional(),
  })
  .strict();
export type CustomEndpointConfig = z.infer<typeof customEndpointSchema>;

const endpointsSchema = z
  .object({
    custom: z.array(customEndpointSchema).optional(),
    openAI: z.record(z.string(), z.unknown()).optional(),
    azureOpenAI: z.record(z.string(), z.unknown()).optional(),
    anthropic: z.record(z.string(), z.unknown()).optional(),
    google: z.record(z.string(), z.unknown()).optional(),
    bedrock: z.record(z.string(), z.unknown()).optional(),
    assistants: z.record(z.string(), z.unknown()).optional(),
    azureAssistants: z.record(z.string(), z.unknown()).optional(),
    agents: agentsEndpointSchema.optional(),
    all: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .refine((e) => Object.values(e).some((v) => v !== undefined), {
    message: 'At least one endpoints field must be provided.',
  })
  .superRefine((e, ctx) => {
    const seen = new Set<string>();
    e.custom?.forEach((c, i) => {
      const key = c.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['custom', i, 'name'], message: `duplicate endpoint name "${c.name}"` });
      seen.add(key);
    });
  });

const modelSpecSchema = z
  .object({
    name: z.string().min(1),
    label: z.string().min(1),
    preset: z.record(z.string(), z.unknown()).and(z.object({ endpoint: z.string().min(1) })),
    order: z.number().optional(),
    default: z.boolean().optional(),
    description: z.string().optional(),
    showIconInMenu: z.boolean().optional(),
    showIconInHeader: z.boolean().optional(),
    iconURL: z.string().optional(),
    authType: z.enum(['override_auth', 'user_provided', 'system_defined']).optional(),
  })
  .strict();

const modelSpecsSchema = z
  .object({
    enforce: z.boolean().optional(),
    prioritize: z.boolean().optional(),
    list: z.array(modelSpecSchema).min(1, 'must list at least 1 model spec'),
    addedEndpoints: z.array(z.string()).optional(),
  })
  .strict();

/**
 * Where uploads are stored. LibreChat also offers firebase, azure_blob and cloudfront; Confab
 * stores on local disk or in S3 (or an S3-compatible store), and says so at start-up rather
 * than silently storing elsewhere than the administrator asked.
 */
const fileStrategySchema = z.enum(['local', 's3'], {
  error: (issue) =>
    `fileStrategy ${JSON.stringify(issue.input)} is not supported: use "local" (files under DATA_DIR/uploads) or "s3" (with the AWS_* variables)`,
});

/** Which domains OpenAPI actions may call (LibreChat's `actions.allowedDomains`; every domain when absent). */
const actionsConfigSchema = z.object({ allowedDomains: z.array(z.string().min(1)).optional() }).strict();

export const configSchema = z
  .object({
    version: z.string().default('1.2.5'),
    cache: z.boolean().optional(),
    appTitle: z.string().optional(),
    interface: interfaceSchema.default(interfaceSchema.parse({})),
    registration: registrationSchema.optional(),
    balance: balanceSchema.default(balanceSchema.parse({})),
    rateLimits: rateLimitsSchema.optional(),
    endpoints: endpointsSchema.optional(),
    modelSpecs: modelSpecsSchema.optional(),
    fileConfig: fileConfigSchema.optional(),
    fileStrategy: fileStrategySchema.optional(),
    /** LibreChat's top-level image output type; `fileConfig.imageOutputType` wins when both are set. */
    imageOutputType: z.enum(IMAGE_OUTPUT_TYPES).optional(),
    speech: speechConfigSchema.optional(),
    mcpServers: mcpServersSchema.optional(),
    actions: actionsConfigSchema.optional(),
    ocr: z.record(z.string(), z.unknown()).optional(),
    turnstile: z.record(z.string(), z.unknown()).optional(),
    memory: memoryConfigSchema.optional(),
    webSearch: webSearchConfigSchema.optional(),
    subscriptions: subscriptionsSchema.optional(),
    pricing: pricingSchema.optional(),
    memes: memesConfigSchema.default(memesConfigSchema.parse({})),
    /** Who the product speaks to; `video` (the video-platform audience) changes the landing line. */
    audience: z.string().min(1).max(64).optional(),
  })
  .strict();

export type AppConfig = z.infer<typeof configSchema>;

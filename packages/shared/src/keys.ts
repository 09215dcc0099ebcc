import { z } from 'zod';

/** SPEC 9 key expiry options; 12 hours is the default. `null` means never. */
export const KEY_EXPIRY_OPTIONS = [
  { key: '30m', ms: 30 * 60 * 1000 },
  { key: '2h', ms: 2 * 60 * 60 * 1000 },
  { key: '12h', ms: 12 * 60 * 60 * 1000 },
  { key: '1d', ms: 24 * 60 * 60 * 1000 },
  { key: '7d', ms: 7 * 24 * 60 * 60 * 1000 },
  { key: '30d', ms: 30 * 24 * 60 * 60 * 1000 },
  { key: 'never', ms: null },
] as const;
export const DEFAULT_KEY_EXPIRY = '12h';

export const updateKeySchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(128),
  value: z.string({ error: 'value is required' }).min(1, 'value is required').max(20_000),
  /**
   * ISO date or epoch ms; null, absent or an empty string means the key never expires
   * (LibreChat's key dialog sends "never" as `expiresAt: ''`).
   */
  expiresAt: z
    .union([z.string().datetime({ offset: true }), z.number().int().positive(), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : new Date(v).toISOString())),
});
export type UpdateKeyInput = z.infer<typeof updateKeySchema>;

/** Fields a user key may carry when its value is JSON (Azure, custom baseURL, Google). */
export const userKeyFieldsSchema = z
  .object({
    apiKey: z.string().optional(),
    baseURL: z.string().optional(),
    azureOpenAIApiKey: z.string().optional(),
    azureOpenAIApiInstanceName: z.string().optional(),
    azureOpenAIApiDeploymentName: z.string().optional(),
    azureOpenAIApiVersion: z.string().optional(),
    GOOGLE_API_KEY: z.string().optional(),
    GOOGLE_SERVICE_KEY: z.unknown().optional(),
  })
  .passthrough();
export type UserKeyFields = z.infer<typeof userKeyFieldsSchema>;

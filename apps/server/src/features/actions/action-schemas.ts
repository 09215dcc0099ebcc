import { z } from 'zod';

/** LibreChat's client sends empty strings and nulls for fields left blank: they mean "unchanged". */
const blank = (value: unknown): unknown => (value === '' || value === null ? undefined : value);
const optionalText = (max: number) => z.preprocess(blank, z.string().max(max).optional());
const httpUrl = z.preprocess(
  blank,
  z
    .string()
    .max(2000)
    .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), 'must be an http(s) URL')
    .optional(),
);

export const actionAuthSchema = z.object({
  type: z.enum(['none', 'service_http', 'oauth']).default('none'),
  authorization_type: z.preprocess(blank, z.enum(['bearer', 'basic', 'custom']).optional()),
  custom_auth_header: z.preprocess(blank, z.string().max(200).regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'must be a header name').optional()),
  authorization_url: httpUrl,
  client_url: httpUrl,
  scope: optionalText(2000),
  token_exchange_method: z.preprocess(blank, z.enum(['default_post', 'basic_auth_header']).optional()),
});

/** LibreChat's ActionMetadata as the builder sends it; unknown fields are dropped. */
export const actionMetadataSchema = z.object({
  domain: optionalText(500),
  raw_spec: z.string().min(1, 'raw_spec is required').max(1_000_000),
  auth: actionAuthSchema.default({ type: 'none' }),
  privacy_policy_url: optionalText(2000),
  api_key: optionalText(10_000),
  oauth_client_id: optionalText(2000),
  oauth_client_secret: optionalText(10_000),
});
export type ActionMetadataInput = z.infer<typeof actionMetadataSchema>;

export const saveActionSchema = z.object({
  // The builder's function signatures; the server derives its own from the spec.
  functions: z.array(z.unknown()).min(1, 'No functions provided'),
  action_id: z.preprocess(blank, z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'not an action id').optional()),
  metadata: actionMetadataSchema,
});

export const agentParams = z.object({ agent_id: z.string().max(100) });
export const actionParams = z.object({ agent_id: z.string().max(100), action_id: z.string().max(100) });
export const callbackParams = z.object({ action_id: z.string().max(100) });
export const callbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(4000).optional(),
  error: z.string().max(500).optional(),
});

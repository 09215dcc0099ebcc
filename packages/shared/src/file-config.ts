import { z } from 'zod';
import { FILE_LIMITS, IMAGE_OUTPUT_TYPES, type ImageOutputType } from './files.js';
import { DEFAULT_SUPPORTED_MIME_TYPES } from './file-types.js';

/** The YAML `fileConfig` section and what GET /api/files/config answers (sizes in MB, types as regex strings). */
export const endpointFileConfigSchema = z
  .object({
    disabled: z.boolean().optional(),
    fileLimit: z.number().int().min(0).optional(),
    fileSizeLimit: z.number().min(0).optional(),
    totalSizeLimit: z.number().min(0).optional(),
    supportedMimeTypes: z.array(z.string()).optional(),
  })
  .strict();
export type EndpointFileConfig = z.infer<typeof endpointFileConfigSchema>;

export const fileConfigSchema = z
  .object({
    endpoints: z.record(z.string(), endpointFileConfigSchema).optional(),
    serverFileSizeLimit: z.number().min(0).optional(),
    avatarSizeLimit: z.number().min(0).optional(),
    imageOutputType: z.enum(IMAGE_OUTPUT_TYPES).optional(),
    /** LibreChat's image generation sizing (SPEC 5: the percentage is 0 to 100). */
    imageGeneration: z
      .object({ percentage: z.number().min(0).max(100).optional(), px: z.number().int().positive().optional() })
      .strict()
      .optional(),
    clientImageResize: z
      .object({
        enabled: z.boolean().optional(),
        maxWidth: z.number().int().positive().optional(),
        maxHeight: z.number().int().positive().optional(),
        quality: z.number().min(0).max(1).optional(),
      })
      .optional(),
  })
  .strict();
export type FileConfigInput = z.infer<typeof fileConfigSchema>;

/** One endpoint's limits after merging: every field present. */
export interface ResolvedEndpointFileConfig {
  disabled: boolean;
  fileLimit: number;
  fileSizeLimit: number;
  totalSizeLimit: number;
  supportedMimeTypes: string[];
}

/** The merged config: `endpoints.default` always present; sizes in MB. */
export interface MergedFileConfig {
  endpoints: Record<string, ResolvedEndpointFileConfig>;
  serverFileSizeLimit: number;
  avatarSizeLimit: number;
  imageOutputType: ImageOutputType;
}

const DEFAULT_ENDPOINT_FILE_CONFIG: ResolvedEndpointFileConfig = {
  disabled: false,
  fileLimit: FILE_LIMITS.fileLimit,
  fileSizeLimit: FILE_LIMITS.fileSizeLimitMb,
  totalSizeLimit: FILE_LIMITS.totalSizeLimitMb,
  supportedMimeTypes: DEFAULT_SUPPORTED_MIME_TYPES,
};

/** LibreChat's mergeFileConfig rules: a disabled endpoint has every limit at zero. */
export function mergeFileConfig(input: FileConfigInput | undefined): MergedFileConfig {
  const endpoints: Record<string, ResolvedEndpointFileConfig> = { default: { ...DEFAULT_ENDPOINT_FILE_CONFIG } };
  for (const [name, own] of Object.entries(input?.endpoints ?? {})) {
    const base =
      name === 'default' ? DEFAULT_ENDPOINT_FILE_CONFIG : (endpoints.default ?? DEFAULT_ENDPOINT_FILE_CONFIG);
    endpoints[name] = own.disabled
      ? { disabled: true, fileLimit: 0, fileSizeLimit: 0, totalSizeLimit: 0, supportedMimeTypes: [] }
      : {
          disabled: false,
          fileLimit: own.fileLimit ?? base.fileLimit,
          fileSizeLimit: own.fileSizeLimit ?? base.fileSizeLimit,
          totalSizeLimit: own.totalSizeLimit ?? base.totalSizeLimit,
          supportedMimeTypes: own.supportedMimeTypes ?? base.supportedMimeTypes,
        };
  }
  return {
    endpoints,
    serverFileSizeLimit: input?.serverFileSizeLimit ?? FILE_LIMITS.serverFileSizeLimitMb,
    avatarSizeLimit: input?.avatarSizeLimit ?? FILE_LIMITS.avatarSizeLimitMb,
    imageOutputType: input?.imageOutputType ?? 'webp',
  };
}

/**
 * The limits of one endpoint: its own entry, else its type's (a custom endpoint's `custom`), else
 * `default`. Names are looked up as own keys only: an endpoint named "constructor" is just a name.
 */
export function endpointFileConfig(
  config: MergedFileConfig,
  endpoint: string | undefined,
  endpointType?: string,
): ResolvedEndpointFileConfig {
  for (const name of [endpoint, endpointType]) {
    const own = name !== undefined && Object.hasOwn(config.endpoints, name) ? config.endpoints[name] : undefined;
    if (own) return own;
  }
  return config.endpoints.default ?? DEFAULT_ENDPOINT_FILE_CONFIG;
}

/** Whether a type matches the config's patterns (invalid patterns are skipped, as LibreChat does). */
export function isSupportedType(type: string, patterns: string[]): boolean {
  return patterns.some((pattern) => {
    try {
      return new RegExp(pattern).test(type);
    } catch {
      return false;
    }
  });
}

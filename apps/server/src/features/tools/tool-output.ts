import { z } from 'zod';
import type { ToolInputSchema, ToolOutput } from './tool-types.js';

/** A tool's failure, in words the model (and the user) can act on. */
export const toolError = (text: string): ToolOutput => ({ parts: [{ type: 'text', text }], isError: true });

/**
 * A built-in tool's argument schema from its zod contract, as the model may write it
 * (`io: 'input'`: defaulted fields optional), without the `$schema` key some providers refuse.
 */
export function toolInputSchemaOf(schema: z.ZodType): ToolInputSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return { ...json, type: 'object' };
}

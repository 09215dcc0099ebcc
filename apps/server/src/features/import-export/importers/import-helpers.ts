import { modelSettingsSchema, type ModelSettings } from '@confab/shared';
import type { z } from 'zod';
import { InvalidImportError } from '../json-assembler.js';

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Validates untrusted JSON; the first problem becomes a readable InvalidImportError. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.map(String).join('.')}` : '';
  throw new InvalidImportError(`${what} is not in the expected shape${where}: ${issue?.message ?? 'invalid'}.`);
}

/**
 * Epoch numbers in exports come in seconds (ChatGPT, Open WebUI), milliseconds (LobeChat,
 * big-AGI) and occasionally micro- or nanoseconds; the magnitude tells which.
 */
export function epochToIso(value: number | null | undefined): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return undefined;
  const ms = value > 1e17 ? value / 1e6 : value > 1e14 ? value / 1e3 : value > 1e11 ? value : value * 1000;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** An ISO or locale date string, or an epoch number, to ISO; undefined when it does not parse. */
export function toIso(value: unknown): string | undefined {
  if (typeof value === 'number') return epochToIso(value);
  if (typeof value !== 'string' || !value.trim() || value.length > 64) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return epochToIso(Number(value));
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** Text of OpenAI-style content: a string, or parts of `{type: 'text', text}`; images become a marker. */
export function partsToText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const part of content) {
    if (typeof part === 'string') texts.push(part);
    else if (isRecord(part) && typeof part.text === 'string') texts.push(part.text);
    else if (isRecord(part) && (part.type === 'image_url' || part.type === 'image')) texts.push('[image]');
  }
  return texts.join('\n');
}

/**
 * The model settings worth carrying over, validated by the same schema as a chat request.
 * Fields that fail are dropped one by one rather than losing the rest; icon and spec fields are
 * never taken from a file, since they point the UI at URLs and specs of another server.
 */
export function pickSettings(source: Record<string, unknown> | null | undefined): ModelSettings {
  if (!source) return {};
  const settings: Record<string, unknown> = {};
  for (const key of Object.keys(modelSettingsSchema.shape)) {
    if (key === 'iconURL' || key === 'spec' || key === 'greeting' || !Object.hasOwn(source, key)) continue;
    const field = modelSettingsSchema.shape[key as keyof typeof modelSettingsSchema.shape].safeParse(source[key]);
    if (field.success && field.data !== undefined && field.data !== null) settings[key] = field.data;
  }
  return settings as ModelSettings;
}

/**
 * Links messages of a linear format (no parent ids) into a chain, in the order given, so each
 * message's parent is the one before it.
 */
export function chainParents<T extends { id: string }>(messages: T[]): (T & { parentId: string | null })[] {
  return messages.map((m, i) => ({ ...m, parentId: messages[i - 1]?.id ?? null }));
}

import type { ModelSettings, PresetInput } from '@confab/shared';
import type { Kysely } from 'kysely';
import type { Database, PresetsTable } from '../../db/schema.js';
import { newId, nowIso } from '../../platform/ids.js';
import { parseStoredSettings } from '../../platform/stored-settings.js';

export type PresetRow = PresetsTable;

export interface Preset extends ModelSettings {
  presetId: string;
  title: string;
  endpoint: string | null;
  endpointType: string | null;
  defaultPreset: boolean;
  order?: number;
  user: string;
  createdAt: string;
  updatedAt: string;
}

export function toPreset(row: PresetRow): Preset {
  return {
    ...parseStoredSettings(row.settings),
    presetId: row.preset_id,
    title: row.title,
    endpoint: row.endpoint,
    endpointType: row.endpoint_type,
    defaultPreset: row.default_preset === 1,
    ...(row.sort_order !== null ? { order: row.sort_order } : {}),
    user: row.user_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function listPresets(db: Kysely<Database>, userId: string): Promise<PresetRow[]> {
  return db.selectFrom('presets').selectAll().where('user_id', '=', userId).orderBy('sort_order', 'asc').orderBy('updated_at', 'desc').execute();
}

/** Creates, or updates the caller's own preset with that id; one default preset at most. */
export async function savePreset(db: Kysely<Database>, userId: string, input: PresetInput): Promise<PresetRow | undefined> {
  const { presetId, title, endpoint, endpointType, defaultPreset, order, ...settings } = input;
  const cleanSettings = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== null && v !== undefined));
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const existing = presetId
      ? await trx.selectFrom('presets').select(['preset_id', 'user_id']).where('preset_id', '=', presetId).executeTakeFirst()
      : undefined;
    // Checked before any write: a refused save must not take the default from the caller's own preset.
    if (existing && existing.user_id !== userId) return undefined;
    if (defaultPreset) await trx.updateTable('presets').set({ default_preset: 0 }).where('user_id', '=', userId).execute();
    const values = {
      title: title?.trim() || 'New Preset',
      endpoint,
      endpoint_type: endpointType ?? null,
      settings: JSON.stringify(cleanSettings),
      default_preset: defaultPreset ? 1 : 0,
      sort_order: order ?? null,
      updated_at: now,
    };
    if (existing) {
      await trx.updateTable('presets').set(values).where('preset_id', '=', existing.preset_id).where('user_id', '=', userId).execute();
      return trx.selectFrom('presets').selectAll().where('preset_id', '=', existing.preset_id).executeTakeFirstOrThrow();
    }
    const row: PresetRow = { preset_id: presetId ?? newId(), user_id: userId, created_at: now, ...values };
    await trx.insertInto('presets').values(row).execute();
    return row;
  });
}

export async function deletePresets(db: Kysely<Database>, userId: string, presetId?: string): Promise<number> {
  let query = db.deleteFrom('presets').where('user_id', '=', userId);
  if (presetId) query = query.where('preset_id', '=', presetId);
  return Number((await query.executeTakeFirst()).numDeletedRows);
}

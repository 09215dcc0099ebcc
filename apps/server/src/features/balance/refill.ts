import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../platform/ids.js';
import { credit, ensureBalance, type BalanceSettings } from './ledger.js';

type Trx = Transaction<Database>;

const DAY_MS = 86_400_000;
const UNIT_MS: Record<string, number> = {
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
  days: DAY_MS,
  weeks: 604_800_000,
};

/** When a balance last refilled at `lastRefill` is due again (calendar months for 'months'). */
export function nextRefillAt(lastRefill: Date, value: number, unit: string): Date {
  if (unit === 'months') {
    const next = new Date(lastRefill);
    next.setUTCMonth(next.getUTCMonth() + value);
    return next;
  }
  return new Date(lastRefill.getTime() + value * (UNIT_MS[unit] ?? DAY_MS));
}

/**
 * Makes the user's balance ready to read or spend from, inside the caller's transaction: created
 * with the start balance when missing, its refill settings brought to the config's, and refilled
 * when due. A due refill is credited once: its ledger row is named by the user and the last refill
 * it follows, so two requests that both see it due grant it once, and only the winner moves
 * last_refill. As in LibreChat, a refill late by several intervals still grants one amount.
 */
export async function prepareBalance(
  trx: Trx,
  userId: string,
  settings: BalanceSettings,
  now = new Date(),
): Promise<void> {
  await ensureBalance(trx, userId, settings);
  const row = await trx
    .selectFrom('balances')
    .select(['auto_refill_enabled', 'refill_interval_value', 'refill_interval_unit', 'refill_amount', 'last_refill'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const autoRefill = settings.autoRefillEnabled ? 1 : 0;
  if (
    row.auto_refill_enabled !== autoRefill ||
    row.refill_interval_value !== settings.refillIntervalValue ||
    row.refill_interval_unit !== settings.refillIntervalUnit ||
    Number(row.refill_amount) !== settings.refillAmount
  ) {
    // Settings, not money: the config is the source, the row shows it (GET /api/balance).
    await trx
      .updateTable('balances')
      .set({
        auto_refill_enabled: autoRefill,
        refill_interval_value: settings.refillIntervalValue,
        refill_interval_unit: settings.refillIntervalUnit,
        refill_amount: settings.refillAmount,
      })
      .where('user_id', '=', userId)
      .execute();
  }
  if (!settings.autoRefillEnabled || settings.refillAmount <= 0) return;
  const last = row.last_refill ? new Date(row.last_refill) : undefined;
  if (last && nextRefillAt(last, settings.refillIntervalValue, settings.refillIntervalUnit) > now) return;
  const granted = await credit(trx, userId, settings.refillAmount, {
    kind: 'refill',
    context: 'auto_refill',
    externalId: `${userId}:${row.last_refill ?? 'never'}`,
  });
  if (granted) {
    await trx
      .updateTable('balances')
      .set({ last_refill: now.toISOString(), updated_at: nowIso() })
      .where('user_id', '=', userId)
      .execute();
  }
}

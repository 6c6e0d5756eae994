/**
 * Money's copy of the tenant's settings (decision 21): the kit's `tenant_settings` columns for
 * the clock and GST, and the Payment settings (seller, bank, due days) from the snapshot's
 * `payment` part. Without a copy the answer is 503, never a guessed time zone.
 */
import {
  PAYMENT_SETTINGS_DEFAULTS,
  paymentSettingsSnapshotSchema,
  type PaymentSettingsSnapshot,
} from '@venue/contracts/money-api';
import { percentToBasisPoints } from '@venue/contracts';
import { requireSettingsCopy, venueToday, type SettingsCopy, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';

export interface MoneySettings {
  copy: SettingsCopy;
  payment: PaymentSettingsSnapshot;
  /** True when admin's snapshot carried Payment settings (else the defaults stand in). */
  paymentReceived: boolean;
  zone: string;
  rateBp: number;
}

/** How the 503 names this service to the venue. */
export const AREA = 'Invoices';

export async function moneySettings(tx: Tx, tenantId: string): Promise<MoneySettings> {
  // Both reads leave together, one round trip (issue 27 item 1): every money write starts here.
  const [copy, row] = await Promise.all([
    requireSettingsCopy(tx, tenantId, AREA),
    db(tx)
      .selectFrom('tenant_settings')
      .select((eb) => eb.ref('snapshot', '->').key('payment').as('payment'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst(),
  ]);
  const parsed = paymentSettingsSnapshotSchema.safeParse(row?.payment);
  return {
    copy,
    payment: parsed.success ? parsed.data : PAYMENT_SETTINGS_DEFAULTS,
    paymentReceived: parsed.success,
    zone: copy.timezone,
    rateBp: percentToBasisPoints(copy.taxRatePercent),
  };
}

/** The venue's calendar day now (YYYY-MM-DD). */
export const today = (s: Pick<MoneySettings, 'zone'>, now = new Date()): string => venueToday(now, s.zone);

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

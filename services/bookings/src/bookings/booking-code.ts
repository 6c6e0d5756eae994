import type { Tx } from '@venue/service-kit';

/** HH-2026-0042: per-tenant, per-year counter row, taken inside the booking's transaction. */
export async function nextBookingCode(tx: Tx, tenantId: string, year: number): Promise<string> {
  const { rows } = await tx.query<{ last: number }>(
    `INSERT INTO booking_counters (tenant_id, year, last) VALUES ($1, $2, 1)
     ON CONFLICT (tenant_id, year) DO UPDATE SET last = booking_counters.last + 1 RETURNING last`,
    [tenantId, year],
  );
  return `HH-${year}-${String(rows[0]!.last).padStart(4, '0')}`;
}

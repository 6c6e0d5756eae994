/**
 * How the accounting readers walk a range (split from documents.ts, issue 28 item 2): page by page
 * by key, `paging.size` rows at a time, in the venue's days and the instants they span.
 */
import { zonedInstant } from '@venue/service-kit';
import type { KeysetKey } from '@venue/service-kit/paging';
import { addDays } from '../shared/settings.ts';

/** Rows read per query (a test lowers it to walk many pages with few rows). */
export const paging = { size: 500 };

/** A tenant's venue days `from`..`to` (yyyy-MM-dd, inclusive) in its time zone. */
export interface Range {
  tenantId: string;
  from: string;
  to: string;
  zone: string;
}

/** The instants the range's venue days start and end (the midnight after `to`). */
export function instants(r: Range): { start: Date; end: Date } {
  return {
    start: zonedInstant(r.from, '00:00', r.zone),
    end: zonedInstant(addDays(r.to, 1), '00:00', r.zone),
  };
}

/** The venue's day of an instant. */
export function dayAt(at: Date | string, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(at));
}

type Keyed = Record<string, unknown>;

/** Every page of a keyset read: `read(after)` answers up to paging.size + 1 rows after the cursor values. */
export async function* pages<R extends Keyed>(
  keys: readonly KeysetKey[],
  read: (after: string[] | null) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let after: string[] | null = null;
  for (;;) {
    const rows = await read(after);
    const page = rows.slice(0, paging.size);
    if (page.length) yield page;
    if (rows.length <= paging.size) return;
    const last = page[page.length - 1]!;
    after = keys.map((_, i) => String(last[`cursor_k${i}`]));
  }
}

/** A stored amount as a number, 0 when it is missing. */
export const n = (v: number | string | null | undefined): number => Number(v ?? 0);

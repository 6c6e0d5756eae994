import { operation, toCsv } from '@venue/service-kit';
import type { Deps } from '../../deps.ts';
import { tenantSettings } from '../../remote/tenant-settings.ts';
import { tenantOf } from '../../shared/request.ts';
import { venueToday } from '../../shared/time.ts';
import { selectBookings, type BookingRow } from '../booking-row.ts';
import { EXPORT_HEADER, exportFileName, exportRow } from '../export-csv.ts';
import { buildListQuery } from '../list-query.ts';

/**
 * The filtered list as CSV. The list's filters as the contract states them (a 400 naming the
 * field), checked before anything is read; the file name then uses the checked status (a
 * repeated ?status= is a 400, not an array).
 */
export const exportBookings = (deps: Deps) =>
  operation('get /api/bookings/export.csv', async ({ ctx, tx, query }) => {
    const settings = await tenantSettings(tx, tenantOf(ctx));
    const today = venueToday(deps.now(), settings.timezone);
    const { where, orderBy } = buildListQuery(ctx.query, today, tenantOf(ctx));
    const rows: BookingRow[] = await selectBookings(tx).where(where).orderBy(orderBy).limit(10000).execute();
    const name = exportFileName(query.status, deps.now(), settings.timezone);
    ctx.set('content-disposition', `attachment; filename="${name}"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = toCsv(
      EXPORT_HEADER,
      rows.map((r) => exportRow(r, settings.timezone)),
    );
  });

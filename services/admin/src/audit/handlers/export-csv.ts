import { operation, toCsv, venueToday } from '@venue/service-kit';
import { entries, scopedWhere } from '../audit-list.ts';
import { auditView } from '../audit-query.ts';

/** A CSV export is a download of what the screen can page through, bounded for the server's sake. */
export const CSV_MAX_ROWS = 50_000;

const HEADER = [
  'Timestamp',
  'User Email',
  'User Role',
  'Action',
  'Target Type',
  'Target',
  'IP Address',
  'Additional Info',
  'Changes',
];

/** The filtered entries as CSV, newest first. */
export const exportAuditCsv = operation('get /api/audit/export.csv', async ({ ctx, tx, query }) => {
  const { where, timeZone } = await scopedWhere(tx, ctx.state.principal, query);
  const rows = await entries(tx, where)
    .selectAll()
    .orderBy('occurred_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(CSV_MAX_ROWS)
    .execute();
  // quoted, formula-guarded, CRLF, with a byte-order mark (the kit's one CSV writer)
  const csv = toCsv(
    HEADER,
    rows
      .map(auditView)
      .map((r) => [
        r.timestamp,
        r.userEmail,
        r.userRole,
        r.action,
        r.targetType,
        r.target,
        r.ipAddress,
        r.additionalInfo,
        r.changes,
      ]),
  );
  // the day is the tenant's, not the server's
  const day = venueToday(new Date(), timeZone);
  ctx.set('content-disposition', `attachment; filename="audit-logs-${day}.csv"`);
  ctx.set('cache-control', 'no-store');
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = csv;
});

import { keysetAfterCursor, keysetColumns, keysetOrder, notFound, operation } from '@venue/service-kit';
import { decodeCursor, keysetPage } from '@venue/service-kit/paging';
import { db, likeOf } from '../../db/query.ts';
import { pathId, tenantOf } from '../../shared/request.ts';
import { maskSecretLinks } from '../../mail/secret-links.ts';
import { emailsSelect, toRecord } from '../email-record.ts';
import { EMAIL_NOT_FOUND, HISTORY_KEYS } from '../history-store.ts';

export const listHistory = operation('get /api/email-comms/history', async ({ ctx, tx, query: q }) => {
  const tenantId = tenantOf(ctx);
  let query = emailsSelect(tx).select(keysetColumns(HISTORY_KEYS)).where('e.tenant_id', '=', tenantId);
  // `pending` on the screen is the queue: waiting, or being handed to the mail server
  if (q.status === 'pending') query = query.where('e.status', 'in', ['pending', 'sending']);
  else if (q.status && q.status !== 'all') query = query.where('e.status', '=', q.status);
  if (q.bookingId) query = query.where('e.booking_id', '=', q.bookingId);
  // emails_channel_idx
  if (q.channel) query = query.where('e.channel', '=', q.channel);
  if (q.search) {
    const like = likeOf(q.search);
    query = query.where((eb) =>
      eb.or([
        eb('e.to_email', 'ilike', like),
        eb('e.to_phone', 'ilike', like),
        eb('e.to_name', 'ilike', like),
        eb('e.subject', 'ilike', like),
      ]),
    );
  }
  if (q.cursor) {
    const after = decodeCursor(q.cursor, 'createdAt', 'desc', HISTORY_KEYS);
    query = query.where(keysetAfterCursor(HISTORY_KEYS, 'desc', after));
  }
  // emails_history_idx / emails_status_idx: the tenant's newest first, one page read
  const rows = await query
    .orderBy(keysetOrder(HISTORY_KEYS, 'desc'))
    .limit(q.limit + 1)
    .execute();
  const page = keysetPage(rows, q.limit, 'createdAt', 'desc', HISTORY_KEYS);
  const counts = await db(tx)
    .selectFrom('emails')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
    .where('tenant_id', '=', tenantId)
    .groupBy('status')
    .execute();
  // `sending` is counted as `pending`, as the list shows it
  const count = (s: string) =>
    counts
      .filter((r) => r.status === s || (s === 'pending' && r.status === 'sending'))
      .reduce((n, r) => n + Number(r.n), 0);
  ctx.body = {
    items: page.rows.map(toRecord),
    hasMore: page.hasMore,
    nextCursor: page.nextCursor,
    counts: { pending: count('pending'), sent: count('sent'), failed: count('failed') },
  };
});

export const getHistoryEmail = operation('get /api/email-comms/history/{id}', async ({ ctx, tx }) => {
  const id = pathId(ctx, EMAIL_NOT_FOUND);
  const r = await emailsSelect(tx)
    .select('e.body_html')
    .where('e.tenant_id', '=', tenantOf(ctx))
    .where('e.id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound(EMAIL_NOT_FOUND);
  ctx.body = {
    email: {
      ...toRecord(r),
      html: maskSecretLinks(r.body_html ?? ''),
      replyTo: r.reply_to,
      fromName: r.from_name ?? '',
    },
  };
});

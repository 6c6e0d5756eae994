/**
 * Email History (spec 02 §2.12), recipients for Send Email (§2.10, §7), bounces (issue 12 item 8)
 * and the operator's Mail preview (item 4).
 */
import {
  bounceQuerySchema,
  bounceWarning,
  customerSearchQuerySchema,
  historyQuerySchema,
  mailPreviewQuerySchema,
} from '@venue/contracts/comms';
import {
  keysetAfterCursor,
  keysetColumns,
  keysetOrder,
  notFound,
  parseQuery,
  sql,
  type AppContext,
  type AppRouter,
  type Tx,
} from '@venue/service-kit';
import { decodeCursor, keysetPage, type KeysetKey } from '@venue/service-kit/paging';
import { db, likeOf } from '../db/query.ts';
import type { CommsDeps } from '../deps.ts';
import { commsGuard, iso, pathId, tenantOf } from '../shared.ts';
import { DATE_TEXT } from '../templates/values.ts';
import { maskSecretLinks } from '../mail/secret-links.ts';
import { emailsSelect, toRecord, type EmailAttachmentJson } from './email-record.ts';

const HISTORY_KEYS: KeysetKey[] = [
  { expr: 'e.created_at', type: 'timestamptz', index: 'DESC' },
  { expr: 'e.id', type: 'uuid', index: 'DESC' },
];
const EMAIL_NOT_FOUND = 'Email not found';
const MAIL_NOT_FOUND = 'Message not found';

export function historyRoutes(router: AppRouter, deps: CommsDeps): void {
  router.get('/api/email-comms/history', ...commsGuard, async (ctx) => {
    const q = parseQuery(ctx, historyQuerySchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx;
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

  router.get('/api/email-comms/history/:id', ...commsGuard, async (ctx) => {
    const id = pathId(ctx, EMAIL_NOT_FOUND);
    const r = await emailsSelect(ctx.state.tx)
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

  router.get('/api/email-comms/customers', ...commsGuard, async (ctx) => {
    const q = parseQuery(ctx, customerSearchQuerySchema);
    const tenantId = tenantOf(ctx);
    // One row per lower-cased address (spec 02 §3.4); the latest name; cancelled bookings
    // count as bookings but not as spend (spec 02 §9).
    const rows = await db(ctx.state.tx)
      .selectFrom((eb) => {
        let perAddress = eb
          .selectFrom('booking_copies as b')
          .select((b) => [
            b.fn<string>('lower', ['b.customer_email']).as('email'),
            // sql: the subscript [1] of an ordered aggregate (its first element), which the builder lacks
            sql<string>`(${b.fn.agg('array_agg', ['b.customer_name']).orderBy('b.booking_updated_at', 'desc')})[1]`.as(
              'name',
            ),
            b.fn.countAll<number | string>().as('total_bookings'),
            b.fn
              .coalesce(
                b.fn
                  .sum<number | string>('b.calculated_price_cents')
                  .filterWhere('b.status', '<>', 'cancelled'),
                b.lit(0),
              )
              .as('spent'),
          ])
          .where('b.tenant_id', '=', tenantId)
          .where('b.customer_email', 'like', '%@%');
        if (q.search) {
          const like = likeOf(q.search);
          perAddress = perAddress.where((b) =>
            b.or([b('b.customer_email', 'ilike', like), b('b.customer_name', 'ilike', like)]),
          );
        }
        return perAddress.groupBy((b) => b.fn('lower', ['b.customer_email'])).as('g');
      })
      .select((eb) => [
        'g.email',
        'g.name',
        'g.total_bookings',
        'g.spent',
        eb
          .exists(
            eb
              .selectFrom('bounces as x')
              .select(eb.lit(1).as('one'))
              .where('x.tenant_id', '=', tenantId)
              .whereRef('x.email', '=', 'g.email'),
          )
          .as('bounced'),
      ])
      .orderBy('g.name')
      .orderBy('g.email')
      .limit(q.limit)
      .execute();
    ctx.body = {
      customers: rows.map((r) => ({
        name: r.name,
        email: r.email,
        totalBookings: Number(r.total_bookings),
        totalSpent: Number(r.spent) / 100,
        totalSpentCents: Number(r.spent),
        bounced: r.bounced,
      })),
    };
  });

  router.get('/api/email-comms/bookings/:customerEmail', ...commsGuard, async (ctx) => {
    const email = (ctx.params.customerEmail ?? '').trim().toLowerCase();
    // booking_copies_customer_idx
    const rows = await db(ctx.state.tx)
      .selectFrom('booking_copies as b')
      .select((eb) => [
        'b.booking_id',
        'b.booking_code',
        'b.event_type',
        eb.fn<string>('to_char', ['b.booking_date', eb.val(DATE_TEXT)]).as('booking_date'),
        'b.start_time',
        'b.end_time',
        'b.resource_name',
        'b.resource_id',
        'b.calculated_price_cents',
        'b.guest_count',
        'b.status',
      ])
      .where('b.tenant_id', '=', tenantOf(ctx))
      .where((eb) => eb(eb.fn('lower', ['b.customer_email']), '=', email))
      .orderBy('b.starts_at', 'desc')
      .limit(200)
      .execute();
    ctx.body = {
      bookings: rows.map((r) => ({
        id: r.booking_id,
        bookingCode: r.booking_code,
        eventType: r.event_type,
        bookingDate: r.booking_date,
        startTime: r.start_time,
        endTime: r.end_time,
        hallName: r.resource_name,
        selectedHall: r.resource_id,
        calculatedPrice: Number(r.calculated_price_cents ?? 0) / 100,
        calculatedPriceCents: Number(r.calculated_price_cents ?? 0),
        guestCount: r.guest_count,
        status: r.status,
      })),
    };
  });

  router.get('/api/email-comms/bounces', ...commsGuard, async (ctx) => {
    const { email } = parseQuery(ctx, bounceQuerySchema);
    const r = await db(ctx.state.tx)
      .selectFrom('bounces')
      .select(['reason', 'bounced_at'])
      .where('tenant_id', '=', tenantOf(ctx))
      .where((eb) => eb('email', '=', eb.fn<string>('lower', [eb.val(email)])))
      .executeTakeFirst();
    ctx.body = {
      bounce: { email, bounced: !!r, reason: r?.reason ?? null, bouncedAt: iso(r?.bounced_at) },
      warning: r ? bounceWarning(email, r.reason) : null,
    };
  });

  router.delete('/api/email-comms/bounces', ...commsGuard, async (ctx) => {
    const { email } = parseQuery(ctx, bounceQuerySchema);
    const tx = ctx.state.tx;
    const deleted = await db(tx)
      .deleteFrom('bounces')
      .where('tenant_id', '=', tenantOf(ctx))
      .where((eb) => eb('email', '=', eb.fn<string>('lower', [eb.val(email)])))
      .executeTakeFirst();
    const rowCount = Number(deleted.numDeletedRows);
    if (rowCount > 0)
      await tx.audit(ctx, { action: 'email_bounce_cleared', targetType: 'email_address', target: email });
    ctx.body = {
      message: rowCount > 0 ? `Mail to ${email} will be sent again.` : `${email} had not bounced.`,
    };
  });

  // Mail preview: a tenant sees its own captured messages; the super admin every tenant's
  // (system scope), since the embedded server is the whole product's.
  const previewScope = async <T>(ctx: AppContext, fn: (tx: Tx, all: boolean) => Promise<T>): Promise<T> => {
    const all = ctx.state.principal!.role === 'super_admin';
    if (all) await ctx.state.tx.rescope('app.scope', 'system');
    return fn(ctx.state.tx, all);
  };

  router.get('/api/email-comms/mail-preview', ...commsGuard, async (ctx) => {
    const q = parseQuery(ctx, mailPreviewQuerySchema);
    const rows = await previewScope(ctx, async (tx, all) => {
      let list = db(tx)
        .selectFrom('captured_mail as c')
        .select((eb) => [
          'c.id',
          'c.message_id',
          'c.from_addr',
          'c.to_addr',
          'c.subject',
          'c.received_at',
          'c.size',
          'c.channel',
          eb.fn<number>('jsonb_array_length', ['c.attachments']).as('n'),
        ]);
      // the super admin's view is every tenant's (system scope, set above)
      if (!all) list = list.where('c.tenant_id', '=', tenantOf(ctx));
      return list.orderBy('c.received_at', 'desc').orderBy('c.id', 'desc').limit(q.limit).execute();
    });
    ctx.body = {
      capturing: deps.mailer.capturing,
      items: rows.map((r) => ({
        id: r.id,
        messageId: r.message_id,
        from: r.from_addr,
        to: r.to_addr,
        subject: r.subject,
        receivedAt: iso(r.received_at),
        size: Number(r.size),
        attachmentCount: Number(r.n),
        channel: r.channel,
      })),
    };
  });

  router.get('/api/email-comms/mail-preview/:id', ...commsGuard, async (ctx) => {
    const id = pathId(ctx, MAIL_NOT_FOUND);
    const row = await previewScope(ctx, async (tx, all) => {
      let one = db(tx)
        .selectFrom('captured_mail as c')
        .select([
          'c.id',
          'c.message_id',
          'c.from_addr',
          'c.reply_to',
          'c.to_addr',
          'c.subject',
          'c.html',
          'c.text_body',
          'c.attachments',
          'c.received_at',
          'c.size',
          'c.channel',
        ])
        .where('c.id', '=', id);
      if (!all) one = one.where('c.tenant_id', '=', tenantOf(ctx));
      return one.executeTakeFirst();
    });
    if (!row) throw notFound(MAIL_NOT_FOUND);
    const attachments: EmailAttachmentJson[] = row.attachments ?? [];
    ctx.body = {
      mail: {
        id: row.id,
        messageId: row.message_id,
        from: row.from_addr,
        replyTo: row.reply_to ?? null,
        to: row.to_addr,
        subject: row.subject,
        html: row.html ?? null,
        text: row.text_body ?? null,
        receivedAt: iso(row.received_at),
        size: Number(row.size),
        attachmentCount: attachments.length,
        channel: row.channel,
        attachments: attachments.map((a, index) => ({ ...a, index })),
      },
    };
  });

  router.get('/api/email-comms/mail-preview/:id/attachments/:index', ...commsGuard, async (ctx) => {
    const id = pathId(ctx, MAIL_NOT_FOUND);
    const index = /^\d{1,2}$/.test(ctx.params.index ?? '') ? Number(ctx.params.index) : -1;
    const raw = await previewScope(ctx, async (tx, all) => {
      let one = db(tx).selectFrom('captured_mail as c').select('c.raw').where('c.id', '=', id);
      if (!all) one = one.where('c.tenant_id', '=', tenantOf(ctx));
      return (await one.executeTakeFirst())?.raw;
    });
    if (!raw) throw notFound(MAIL_NOT_FOUND);
    const { simpleParser } = await import('mailparser');
    const mail = await simpleParser(Buffer.from(raw));
    const a = mail.attachments[index];
    if (!a) throw notFound('Attachment not found');
    ctx.set('content-type', a.contentType);
    // Always a download, never rendered in the product's origin.
    ctx.set(
      'content-disposition',
      `attachment; filename="${(a.filename ?? 'attachment').replace(/[^\w.\- ]/g, '_')}"`,
    );
    ctx.set('x-content-type-options', 'nosniff');
    ctx.body = a.content;
  });
}

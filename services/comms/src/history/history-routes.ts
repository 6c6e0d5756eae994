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
import { notFound, parseQuery, type AppContext, type AppRouter, type Tx } from '@venue/service-kit';
import {
  decodeCursor,
  keysetAfter,
  keysetOrderBy,
  keysetPage,
  keysetSelect,
  type KeysetKey,
} from '@venue/service-kit/paging';
import type { CommsDeps } from '../deps.ts';
import { commsGuard, iso, pathId, tenantOf } from '../shared.ts';
import { EMAIL_COLUMNS, toRecord, type EmailRow } from './email-record.ts';

const HISTORY_KEYS: KeysetKey[] = [
  { expr: 'e.created_at', type: 'timestamptz', index: 'DESC' },
  { expr: 'e.id', type: 'uuid', index: 'DESC' },
];
const EMAIL_NOT_FOUND = 'Email not found';
const MAIL_NOT_FOUND = 'Message not found';

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function historyRoutes(router: AppRouter, deps: CommsDeps): void {
  router.get('/api/email-comms/history', ...commsGuard, async (ctx) => {
    const q = parseQuery(ctx, historyQuerySchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx;
    const params: unknown[] = [tenantId];
    const p = (v: unknown) => `$${params.push(v)}`;
    const where = ['e.tenant_id = $1'];
    // `pending` on the screen is the queue: waiting, or being handed to the mail server
    if (q.status === 'pending') where.push(`e.status IN ('pending', 'sending')`);
    else if (q.status && q.status !== 'all') where.push(`e.status = ${p(q.status)}`);
    if (q.bookingId) where.push(`e.booking_id = ${p(q.bookingId)}`);
    if (q.search) {
      const like = p(likeOf(q.search));
      where.push(`(e.to_email ILIKE ${like} OR e.to_name ILIKE ${like} OR e.subject ILIKE ${like})`);
    }
    if (q.cursor)
      where.push(
        keysetAfter(HISTORY_KEYS, 'desc', decodeCursor(q.cursor, 'createdAt', 'desc', HISTORY_KEYS), p),
      );
    // emails_history_idx / emails_status_idx: the tenant's newest first, one page read
    const { rows } = await tx.query<EmailRow>(
      `SELECT ${EMAIL_COLUMNS}, ${keysetSelect(HISTORY_KEYS)} FROM emails e
        WHERE ${where.join(' AND ')} ${keysetOrderBy(HISTORY_KEYS, 'desc')} LIMIT ${p(q.limit + 1)}`,
      params,
    );
    const page = keysetPage(rows, q.limit, 'createdAt', 'desc', HISTORY_KEYS);
    const counts = await tx.query<{ status: string; n: number | string }>(
      `SELECT CASE WHEN status = 'sending' THEN 'pending' ELSE status END AS status, count(*) AS n
         FROM emails WHERE tenant_id = $1 GROUP BY 1`,
      [tenantId],
    );
    const count = (s: string) => Number(counts.rows.find((r) => r.status === s)?.n ?? 0);
    ctx.body = {
      items: page.rows.map(toRecord),
      hasMore: page.hasMore,
      nextCursor: page.nextCursor,
      counts: { pending: count('pending'), sent: count('sent'), failed: count('failed') },
    };
  });

  router.get('/api/email-comms/history/:id', ...commsGuard, async (ctx) => {
    const id = pathId(ctx, EMAIL_NOT_FOUND);
    const { rows } = await ctx.state.tx.query<EmailRow>(
      `SELECT ${EMAIL_COLUMNS}, e.body_html FROM emails e WHERE e.tenant_id = $1 AND e.id = $2`,
      [tenantOf(ctx), id],
    );
    const r = rows[0];
    if (!r) throw notFound(EMAIL_NOT_FOUND);
    ctx.body = {
      email: { ...toRecord(r), html: r.body_html ?? '', replyTo: r.reply_to, fromName: r.from_name ?? '' },
    };
  });

  router.get('/api/email-comms/customers', ...commsGuard, async (ctx) => {
    const q = parseQuery(ctx, customerSearchQuerySchema);
    const tenantId = tenantOf(ctx);
    const params: unknown[] = [tenantId, q.limit];
    const search = q.search ? `AND (b.customer_email ILIKE $3 OR b.customer_name ILIKE $3)` : '';
    if (q.search) params.push(likeOf(q.search));
    // One row per lower-cased address (spec 02 §3.4); the latest name; cancelled bookings
    // count as bookings but not as spend (spec 02 §9).
    const { rows } = await ctx.state.tx.query<{
      email: string;
      name: string;
      total_bookings: number | string;
      spent: number | string;
      bounced: boolean;
    }>(
      `SELECT g.email, g.name, g.total_bookings, g.spent,
              EXISTS (SELECT 1 FROM bounces x WHERE x.tenant_id = $1 AND x.email = g.email) AS bounced
         FROM (SELECT lower(b.customer_email) AS email,
                      (array_agg(b.customer_name ORDER BY b.booking_updated_at DESC))[1] AS name,
                      count(*) AS total_bookings,
                      coalesce(sum(b.calculated_price_cents) FILTER (WHERE b.status <> 'cancelled'), 0) AS spent
                 FROM booking_copies b
                WHERE b.tenant_id = $1 AND b.customer_email LIKE '%@%' ${search}
                GROUP BY lower(b.customer_email)) g
        ORDER BY g.name, g.email
        LIMIT $2`,
      params,
    );
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
    const { rows } = await ctx.state.tx.query<{
      booking_id: string;
      booking_code: string;
      event_type: string;
      booking_date: string;
      start_time: string;
      end_time: string;
      resource_name: string;
      resource_id: string;
      calculated_price_cents: number | string | null;
      guest_count: number | null;
      status: string;
    }>(
      // booking_copies_customer_idx
      `SELECT b.booking_id, b.booking_code, b.event_type, to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date,
              b.start_time, b.end_time, b.resource_name, b.resource_id, b.calculated_price_cents, b.guest_count, b.status
         FROM booking_copies b WHERE b.tenant_id = $1 AND lower(b.customer_email) = $2
        ORDER BY b.starts_at DESC LIMIT 200`,
      [tenantOf(ctx), email],
    );
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
    const { rows } = await ctx.state.tx.query<{ reason: string; bounced_at: Date | string }>(
      `SELECT reason, bounced_at FROM bounces WHERE tenant_id = $1 AND email = lower($2)`,
      [tenantOf(ctx), email],
    );
    const r = rows[0];
    ctx.body = {
      bounce: { email, bounced: !!r, reason: r?.reason ?? null, bouncedAt: iso(r?.bounced_at) },
      warning: r ? bounceWarning(email, r.reason) : null,
    };
  });

  router.delete('/api/email-comms/bounces', ...commsGuard, async (ctx) => {
    const { email } = parseQuery(ctx, bounceQuerySchema);
    const tx = ctx.state.tx;
    const { rowCount } = await tx.query(`DELETE FROM bounces WHERE tenant_id = $1 AND email = lower($2)`, [
      tenantOf(ctx),
      email,
    ]);
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
    if (all) await ctx.state.tx.query(`SELECT set_config('app.scope', 'system', true)`);
    return fn(ctx.state.tx, all);
  };

  router.get('/api/email-comms/mail-preview', ...commsGuard, async (ctx) => {
    const q = parseQuery(ctx, mailPreviewQuerySchema);
    const rows = await previewScope(ctx, async (tx, all) => {
      const r = await tx.query<Record<string, unknown>>(
        `SELECT id, message_id, from_addr, to_addr, subject, received_at, size, jsonb_array_length(attachments) AS n
           FROM captured_mail c WHERE ${all ? 'true' : 'c.tenant_id = $2'}
          ORDER BY received_at DESC, id DESC LIMIT $1`,
        all ? [q.limit] : [q.limit, tenantOf(ctx)],
      );
      return r.rows;
    });
    ctx.body = {
      capturing: deps.mailer.capturing,
      items: rows.map((r) => ({
        id: r.id,
        messageId: r.message_id,
        from: r.from_addr,
        to: r.to_addr,
        subject: r.subject,
        receivedAt: iso(r.received_at as string),
        size: Number(r.size),
        attachmentCount: Number(r.n),
      })),
    };
  });

  router.get('/api/email-comms/mail-preview/:id', ...commsGuard, async (ctx) => {
    const id = pathId(ctx, MAIL_NOT_FOUND);
    const row = await previewScope(ctx, async (tx, all) => {
      const r = await tx.query<Record<string, unknown>>(
        `SELECT id, message_id, from_addr, reply_to, to_addr, subject, html, text_body, attachments, received_at, size
           FROM captured_mail c WHERE c.id = $1 ${all ? '' : 'AND c.tenant_id = $2'}`,
        all ? [id] : [id, tenantOf(ctx)],
      );
      return r.rows[0];
    });
    if (!row) throw notFound(MAIL_NOT_FOUND);
    const attachments =
      (row.attachments as Array<{ filename: string; contentType: string; size: number }>) ?? [];
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
        receivedAt: iso(row.received_at as string),
        size: Number(row.size),
        attachmentCount: attachments.length,
        attachments: attachments.map((a, index) => ({ ...a, index })),
      },
    };
  });

  router.get('/api/email-comms/mail-preview/:id/attachments/:index', ...commsGuard, async (ctx) => {
    const id = pathId(ctx, MAIL_NOT_FOUND);
    const index = /^\d{1,2}$/.test(ctx.params.index ?? '') ? Number(ctx.params.index) : -1;
    const raw = await previewScope(ctx, async (tx, all) => {
      const r = await tx.query<{ raw: Buffer | Uint8Array }>(
        `SELECT raw FROM captured_mail c WHERE c.id = $1 ${all ? '' : 'AND c.tenant_id = $2'}`,
        all ? [id] : [id, tenantOf(ctx)],
      );
      return r.rows[0]?.raw;
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

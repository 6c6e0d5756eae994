/** Templates screen (spec 02 §2.11): per-tenant CRUD and a preview filled with a real booking. */
import {
  emailTemplateSchema,
  extractVariables,
  previewOf,
  renderTemplate,
  TEMPLATE_CREATED,
  TEMPLATE_DELETED,
  TEMPLATE_NOT_FOUND,
  TEMPLATE_PREVIEW_LENGTH,
  TEMPLATE_UPDATED,
  templateCreateSchema,
  templateListQuerySchema,
  templatePreviewRequestSchema,
  templateUpdateSchema,
  type EmailTemplate,
} from '@venue/contracts/comms';
import { notFound, parseBody, parseQuery, type AppRouter, type Tx } from '@venue/service-kit';
import { commsGuard, iso, pathId, tenantOf } from '../shared.ts';
import { ensureTenant } from './seed.ts';
import { db, dbNow, likeOf } from '../db/query.ts';
import {
  BOOKING_COPY_FIELDS,
  bookingValues,
  DATE_TEXT,
  findBookingCopy,
  venueContext,
  type BookingCopyRow,
} from './values.ts';

interface TemplateRow {
  id: string;
  name: string;
  type: 'email' | 'sms';
  subject: string;
  body: string;
  is_active: boolean;
  kind: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = [
  'id',
  'name',
  'type',
  'subject',
  'body',
  'is_active',
  'kind',
  'created_at',
  'updated_at',
] as const;

export function toTemplate(r: TemplateRow): EmailTemplate {
  return emailTemplateSchema.parse({
    id: r.id,
    name: r.name,
    type: r.type,
    subject: r.subject,
    body: r.body,
    variables: extractVariables(r.subject, r.body),
    isActive: r.is_active,
    kind: r.kind ?? null,
    bodyPreview: previewOf(r.body, TEMPLATE_PREVIEW_LENGTH),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  });
}

export async function findTemplate(tx: Tx, tenantId: string, id: string): Promise<TemplateRow | null> {
  const row = await db(tx)
    .selectFrom('email_templates')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export function templateRoutes(router: AppRouter): void {
  router.get('/api/email-templates', ...commsGuard, async (ctx) => {
    const q = parseQuery(ctx, templateListQuerySchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx;
    await ensureTenant(tx, tenantId);
    let query = db(tx).selectFrom('email_templates').select(COLUMNS).where('tenant_id', '=', tenantId);
    if (q.type) query = query.where('type', '=', q.type);
    if (q.active) query = query.where('is_active', '=', q.active === 'true');
    if (q.search) {
      const like = likeOf(q.search);
      query = query.where((eb) => eb.or([eb('name', 'ilike', like), eb('subject', 'ilike', like)]));
    }
    // email_templates_list_idx; a tenant has tens of templates, not thousands
    const rows = await query.orderBy('created_at').orderBy('id').limit(500).execute();
    ctx.body = { templates: rows.map(toTemplate) };
  });

  router.post('/api/email-templates/preview', ...commsGuard, async (ctx) => {
    const b = parseBody(ctx, templatePreviewRequestSchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx;
    let booking: BookingCopyRow | null;
    if (b.bookingId) {
      booking = await findBookingCopy(tx, tenantId, b.bookingId);
      if (!booking) throw notFound('Booking not found');
    } else {
      // The tenant's latest booking: its real values, not sample data (issue 12 item 2).
      const latest = await db(tx)
        .selectFrom('booking_copies as b')
        .select(BOOKING_COPY_FIELDS)
        .select((eb) => eb.fn<string>('to_char', ['b.booking_date', eb.val(DATE_TEXT)]).as('booking_date'))
        .where('b.tenant_id', '=', tenantId)
        .orderBy('b.booking_updated_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      booking = latest ?? null;
    }
    const venue = booking ? await venueContext(tx, tenantId) : null;
    const values = booking && venue ? bookingValues(booking, venue) : {};
    const r = renderTemplate(b.subject, b.body, values);
    ctx.body = {
      subject: r.subject,
      html: r.html,
      text: r.text,
      booking: booking
        ? {
            id: booking.booking_id,
            bookingCode: booking.booking_code,
            customerName: booking.customer_name,
            bookingDate: booking.booking_date,
          }
        : null,
      unfilled: r.unfilled,
    };
  });

  router.post('/api/email-templates', ...commsGuard, async (ctx) => {
    const b = parseBody(ctx, templateCreateSchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx;
    await ensureTenant(tx, tenantId);
    const created = await db(tx)
      .insertInto('email_templates')
      .values({
        tenant_id: tenantId,
        name: b.name,
        type: b.type,
        subject: b.subject,
        body: b.body,
        is_active: b.isActive,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await tx.audit(ctx, { action: 'email_template_created', targetType: 'email_template', target: b.name });
    ctx.status = 201;
    ctx.body = { template: toTemplate(created), message: TEMPLATE_CREATED };
  });

  router.get('/api/email-templates/:id', ...commsGuard, async (ctx) => {
    const row = await findTemplate(ctx.state.tx, tenantOf(ctx), pathId(ctx, TEMPLATE_NOT_FOUND));
    if (!row) throw notFound(TEMPLATE_NOT_FOUND);
    ctx.body = { template: toTemplate(row) };
  });

  router.put('/api/email-templates/:id', ...commsGuard, async (ctx) => {
    const id = pathId(ctx, TEMPLATE_NOT_FOUND);
    const b = parseBody(ctx, templateUpdateSchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx;
    const before = await findTemplate(tx, tenantId, id);
    if (!before) throw notFound(TEMPLATE_NOT_FOUND);
    // One statement: each field is either the new value or left as it is (a concurrent edit of
    // another field is not overwritten with what this request read).
    const after = await db(tx)
      .updateTable('email_templates')
      .set((eb) => ({
        name: eb.fn.coalesce(eb.val(b.name ?? null), eb.ref('name')),
        type: eb.fn.coalesce(eb.val(b.type ?? null), eb.ref('type')),
        subject: eb.fn.coalesce(eb.val(b.subject ?? null), eb.ref('subject')),
        body: eb.fn.coalesce(eb.val(b.body ?? null), eb.ref('body')),
        is_active: eb.fn.coalesce(eb.val(b.isActive ?? null), eb.ref('is_active')),
        updated_at: dbNow(),
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!after) throw notFound(TEMPLATE_NOT_FOUND);
    const changes: Record<string, { old: unknown; new: unknown }> = {};
    for (const [k, col] of [
      ['name', 'name'],
      ['type', 'type'],
      ['subject', 'subject'],
      ['body', 'body'],
      ['isActive', 'is_active'],
    ] as const)
      if (before[col] !== after[col]) changes[k] = { old: before[col], new: after[col] };
    await tx.audit(ctx, {
      action: 'email_template_updated',
      targetType: 'email_template',
      target: after.name,
      changes,
    });
    ctx.body = { template: toTemplate(after), message: TEMPLATE_UPDATED };
  });

  router.delete('/api/email-templates/:id', ...commsGuard, async (ctx) => {
    const id = pathId(ctx, TEMPLATE_NOT_FOUND);
    const tx = ctx.state.tx;
    const deleted = await db(tx)
      .deleteFrom('email_templates')
      .where('tenant_id', '=', tenantOf(ctx))
      .where('id', '=', id)
      .returning('name')
      .executeTakeFirst();
    if (!deleted) throw notFound(TEMPLATE_NOT_FOUND);
    await tx.audit(ctx, {
      action: 'email_template_deleted',
      targetType: 'email_template',
      target: deleted.name,
    });
    ctx.body = { message: TEMPLATE_DELETED };
  });
}

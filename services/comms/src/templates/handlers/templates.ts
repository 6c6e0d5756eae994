/** The Templates screen (spec 02 §2.11): per-tenant CRUD and a preview filled with a real booking. */
import {
  renderTemplate,
  TEMPLATE_CREATED,
  TEMPLATE_DELETED,
  TEMPLATE_NOT_FOUND,
  TEMPLATE_UPDATED,
} from '@venue/contracts/comms';
import { notFound, operation } from '@venue/service-kit';
import { pathId, tenantOf } from '../../shared/request.ts';
import { ensureTenant } from '../seed.ts';
import { dateText, db, NOW, likeOf } from '../../db/query.ts';
import {
  BOOKING_COPY_FIELDS,
  bookingValues,
  findBookingCopy,
  venueContext,
  type BookingCopyRow,
} from '../values.ts';
import { COLUMNS, findTemplate, toTemplate } from '../template-store.ts';

export const listTemplates = operation('get /api/email-templates', async ({ ctx, tx, query: q }) => {
  const tenantId = tenantOf(ctx);
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

export const previewTemplate = operation(
  'post /api/email-templates/preview',
  async ({ ctx, tx, body: b }) => {
    const tenantId = tenantOf(ctx);
    let booking: BookingCopyRow | null;
    if (b.bookingId) {
      booking = await findBookingCopy(tx, tenantId, b.bookingId);
      if (!booking) throw notFound('Booking not found');
    } else {
      // The tenant's latest booking: its real values, not sample data (issue 12 item 2).
      const latest = await db(tx)
        .selectFrom('booking_copies as b')
        .select(BOOKING_COPY_FIELDS)
        .select((eb) => dateText(eb.ref('b.booking_date')).as('booking_date'))
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
  },
);

export const postTemplate = operation('post /api/email-templates', async ({ ctx, tx, body: b }) => {
  const tenantId = tenantOf(ctx);
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

export const getTemplate = operation('get /api/email-templates/{id}', async ({ ctx, tx }) => {
  const row = await findTemplate(tx, tenantOf(ctx), pathId(ctx, TEMPLATE_NOT_FOUND));
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  ctx.body = { template: toTemplate(row) };
});

export const putTemplate = operation('put /api/email-templates/{id}', async ({ ctx, tx, body: b }) => {
  const id = pathId(ctx, TEMPLATE_NOT_FOUND);
  const tenantId = tenantOf(ctx);
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
      updated_at: NOW,
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

export const deleteTemplate = operation('delete /api/email-templates/{id}', async ({ ctx, tx }) => {
  const id = pathId(ctx, TEMPLATE_NOT_FOUND);
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

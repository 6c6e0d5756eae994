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
import {
  BOOKING_COPY_COLUMNS,
  bookingValues,
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
  kind: EmailTemplate['kind'];
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'id, name, type, subject, body, is_active, kind, created_at, updated_at';

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
  const { rows } = await tx.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM email_templates WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

export function templateRoutes(router: AppRouter): void {
  router.get('/api/email-templates', ...commsGuard, async (ctx) => {
    const q = parseQuery(ctx, templateListQuerySchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx;
    await ensureTenant(tx, tenantId);
    const params: unknown[] = [tenantId];
    const where = ['tenant_id = $1'];
    if (q.type) where.push(`type = $${params.push(q.type)}`);
    if (q.active) where.push(`is_active = $${params.push(q.active === 'true')}`);
    if (q.search) {
      const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(`(name ILIKE $${params.push(like)} OR subject ILIKE $${params.length})`);
    }
    // email_templates_list_idx; a tenant has tens of templates, not thousands
    const { rows } = await tx.query<TemplateRow>(
      `SELECT ${COLUMNS} FROM email_templates WHERE ${where.join(' AND ')} ORDER BY created_at, id LIMIT 500`,
      params,
    );
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
      const { rows } = await tx.query<BookingCopyRow>(
        `SELECT ${BOOKING_COPY_COLUMNS} FROM booking_copies b WHERE b.tenant_id = $1
          ORDER BY b.booking_updated_at DESC LIMIT 1`,
        [tenantId],
      );
      booking = rows[0] ?? null;
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
    const { rows } = await tx.query<TemplateRow>(
      `INSERT INTO email_templates (tenant_id, name, type, subject, body, is_active)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [tenantId, b.name, b.type, b.subject, b.body, b.isActive],
    );
    await tx.audit(ctx, { action: 'email_template_created', targetType: 'email_template', target: b.name });
    ctx.status = 201;
    ctx.body = { template: toTemplate(rows[0]!), message: TEMPLATE_CREATED };
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
    const { rows } = await tx.query<TemplateRow>(
      `UPDATE email_templates SET name = coalesce($3, name), type = coalesce($4, type),
              subject = coalesce($5, subject), body = coalesce($6, body), is_active = coalesce($7, is_active),
              updated_at = now()
        WHERE tenant_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [tenantId, id, b.name ?? null, b.type ?? null, b.subject ?? null, b.body ?? null, b.isActive ?? null],
    );
    const after = rows[0];
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
    const { rows } = await tx.query<{ name: string }>(
      `DELETE FROM email_templates WHERE tenant_id = $1 AND id = $2 RETURNING name`,
      [tenantOf(ctx), id],
    );
    if (!rows[0]) throw notFound(TEMPLATE_NOT_FOUND);
    await tx.audit(ctx, {
      action: 'email_template_deleted',
      targetType: 'email_template',
      target: rows[0].name,
    });
    ctx.body = { message: TEMPLATE_DELETED };
  });
}

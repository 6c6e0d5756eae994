import { notFound, operation } from '@venue/service-kit';
import { db } from '../../db/query.ts';
import type { CommsDeps } from '../../deps.ts';
import { iso, pathId, tenantOf } from '../../shared/request.ts';
import { type EmailAttachmentJson } from '../email-record.ts';
import { MAIL_NOT_FOUND, previewScope } from '../history-store.ts';

export const listMailPreview = (deps: CommsDeps) =>
  operation('get /api/email-comms/mail-preview', async ({ ctx, tx, query: q }) => {
    const rows = await previewScope(ctx, tx, async (tx, all) => {
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

export const getMailPreview = operation('get /api/email-comms/mail-preview/{id}', async ({ ctx, tx }) => {
  const id = pathId(ctx, MAIL_NOT_FOUND);
  const row = await previewScope(ctx, tx, async (tx, all) => {
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

export const getMailPreviewAttachment = operation(
  'get /api/email-comms/mail-preview/{id}/attachments/{index}',
  async ({ ctx, tx }) => {
    const id = pathId(ctx, MAIL_NOT_FOUND);
    const index = /^\d{1,2}$/.test(ctx.params.index ?? '') ? Number(ctx.params.index) : -1;
    const raw = await previewScope(ctx, tx, async (tx, all) => {
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
  },
);

/**
 * The file a message names (money's invoice or receipt PDF, decision 30), fetched by the worker
 * off any request path (split from worker.ts, issue 28 item 2).
 */
import { internalDocumentSchema } from '@venue/contracts/comms';
import { callService, callServiceBytes, InternalCallError, type ServiceKit } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { ClaimedRow } from './claim.ts';
import { renderWithFigures } from './document-figures.ts';
import type { AttachmentFetch } from './queue.ts';

/**
 * Fetches the message's file from its service and keeps it with the message (next index), only
 * while this worker's claim stands, clearing `attachment_fetch` in the same transaction so it is
 * fetched once. A document (`f.document`) comes with the figures it prints: a message kept for
 * writing again (`render`) is written again with them in that transaction, and `row` carries the
 * new text to the sending (issue 24 item 1). When done, the file as kept (`only` when it is the
 * message's one attachment, so the sending need not read it back); 'claim lost' when another
 * worker has the message now; else why not, and whether trying again could help.
 */
export async function fetchAttachment(
  kit: ServiceKit,
  row: ClaimedRow,
  token: string,
  f: AttachmentFetch,
): Promise<{ message: string; permanent: boolean } | 'claim lost' | { only: KeptFile | null }> {
  let file: Fetched['file'];
  let rewritten: Fetched['rewritten'];
  try {
    ({ file, rewritten } = await download(row, f));
  } catch (err) {
    const e = err instanceof InternalCallError ? err : null;
    // 502–504 were retried by the client already; any other refusal will not change by waiting.
    const permanent = e?.kind === 'status' && e.status !== undefined && e.status < 500;
    kit.log.warn({ emailId: row.id, err }, `attachment not fetched from ${f.service}`);
    return {
      message: `The attachment ${f.filename} could not be fetched from ${f.service}: ${(err as Error).message}`,
      permanent,
    };
  }
  return kit.db.tenantTx(row.tenant_id, async (tx) => {
    const mine = await db(tx)
      .updateTable('emails')
      .set({
        attachment_fetch: null,
        ...(rewritten
          ? { subject: rewritten.subject, body_text: rewritten.text, body_html: rewritten.html, render: null }
          : {}),
      })
      .where('tenant_id', '=', row.tenant_id)
      .where('id', '=', row.id)
      .where('claim_token', '=', token)
      .executeTakeFirst();
    if (mine.numUpdatedRows === 0n) return 'claim lost' as const;
    if (rewritten) {
      row.subject = rewritten.subject;
      row.body_text = rewritten.text;
      row.body_html = rewritten.html;
    }
    // the next index after the message's attachments so far
    const kept = await db(tx)
      .insertInto('email_attachments')
      .columns(['tenant_id', 'email_id', 'idx', 'filename', 'content_type', 'size', 'data'])
      .expression((eb) =>
        eb
          .selectFrom('email_attachments')
          .select((s) => [
            s.val(row.tenant_id).as('tenant_id'),
            s.val(row.id).as('email_id'),
            s.fn.coalesce(s(s.fn.max('idx'), '+', 1), s.lit(0)).as('idx'),
            s.val(file.filename ?? f.filename).as('filename'),
            s.val(file.contentType).as('content_type'),
            s.val(file.bytes.length).as('size'),
            s.val(file.bytes).as('data'),
          ])
          .where('tenant_id', '=', row.tenant_id)
          .where('email_id', '=', row.id),
      )
      .returning(['idx', 'filename', 'content_type'])
      .executeTakeFirstOrThrow();
    return { only: kept.idx === 0 ? { ...kept, data: file.bytes } : null };
  });
}

/** An attachment as the sending reads it. */
export interface KeptFile {
  filename: string;
  content_type: string;
  data: Uint8Array;
}

interface Fetched {
  file: { bytes: Buffer; contentType: string; filename: string | null };
  /** The message written again with the document's figures, when it was kept for that. */
  rewritten: { subject: string; text: string; html: string } | null;
}

/** The file from its service; a document with its figures (throws as the internal client does). */
async function download(row: ClaimedRow, f: AttachmentFetch): Promise<Fetched> {
  if (f.document) {
    const doc = await callService({
      service: f.service,
      path: f.path,
      response: internalDocumentSchema,
      timeoutMs: 15_000,
    });
    return {
      file: {
        bytes: Buffer.from(doc.contentBase64, 'base64'),
        contentType: doc.contentType,
        filename: doc.filename,
      },
      rewritten: row.render ? renderWithFigures(row.render, doc.figures) : null,
    };
  }
  const file = await callServiceBytes({
    service: f.service,
    path: f.path,
    contentType: f.contentType,
    timeoutMs: 15_000,
  });
  return { file, rewritten: null };
}

/**
 * The ID and insurance documents a booking needs (issue 25): the customer uploads them from the
 * portal, staff read them on the booking and mark them verified, which sets the booking's docs
 * flags (`idVerified`, `insuranceVerified`) that the Dashboard's documents alert reads through
 * insights' copy of the booking events.
 *
 * Files live in the database (decision 15), one row each, under row-level security: the
 * tenant's, and for a customer the restrictive policy on the customer's address (migration 021).
 * What a file is, is read from its content (`file-type`), never from its name or the type the
 * browser claims; only PDFs and images are kept, at most 10 MB (refused while streaming).
 */
import multer from '@koa/multer';
import { fileTypeFromBuffer } from 'file-type';
import {
  DOCUMENT_MIME_TYPES,
  DOCUMENT_MISSING_MESSAGE,
  DOCUMENT_NOT_FOUND_MESSAGE,
  DOCUMENT_TOO_LARGE_MESSAGE,
  DOCUMENT_TYPE_MESSAGE,
  MAX_DOCUMENT_BYTES,
  documentUploadBody,
  type BookingDocument,
  type DocumentKind,
} from '@venue/contracts/bookings';
import {
  badRequest,
  cleanFileName,
  conflict,
  notFound,
  parseBody,
  readUpload,
  sql,
  type AppContext,
  type AppMiddleware,
  type Tx,
} from '@venue/service-kit';
import { db, NOW } from '../db/query.ts';
import { bookingLabel, findBooking, publishBooking, reload } from '../bookings/booking-row.ts';
import { tenantSettings } from '../remote/tenant-settings.ts';
import { isUuid, tenantOf } from '../shared/request.ts';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 100 },
}).single('file');

/** Reads the multipart upload (after the caller is known, so nobody anonymous makes us buffer 10 MB). */
export const parseDocumentUpload: AppMiddleware = async (ctx, next) => {
  if (!ctx.is('multipart/form-data'))
    throw badRequest(DOCUMENT_MISSING_MESSAGE, fileError(DOCUMENT_MISSING_MESSAGE));
  await readUpload(ctx, upload, {
    tooLarge: DOCUMENT_TOO_LARGE_MESSAGE,
    refused: DOCUMENT_MISSING_MESSAGE,
    part: 'file',
  });
  await next();
};

const fileError = (message: string) => ({ errors: [{ path: 'file', message }] });

/** Made once (zod compiles a schema's parser on its first parse, so not per upload). */
const uploadKind = documentUploadBody.pick({ kind: true });

/** The uploaded file and its kind, checked: 400 naming `kind` or `file`. */
export async function uploadedDocument(ctx: AppContext) {
  // The form's text part, by the contract: any other kind is a 400 naming `kind`. The file part
  // is multer's (below), so the schema's `file`, there for the document, is not parsed here.
  const { kind } = parseBody(ctx, uploadKind);
  const file = (ctx.request as { file?: { buffer: Buffer; originalname?: string } }).file;
  if (!file?.buffer?.length) throw badRequest(DOCUMENT_MISSING_MESSAGE, fileError(DOCUMENT_MISSING_MESSAGE));
  const type = await fileTypeFromBuffer(file.buffer);
  if (!type || !(DOCUMENT_MIME_TYPES as readonly string[]).includes(type.mime))
    throw badRequest(DOCUMENT_TYPE_MESSAGE, fileError(DOCUMENT_TYPE_MESSAGE));
  return {
    kind,
    data: file.buffer,
    contentType: type.mime,
    fileName: cleanFileName(Buffer.from(file.originalname ?? '', 'latin1').toString('utf8'), 'document'),
  };
}

/** A document row without its bytes. */
const DOC_COLUMNS = [
  'id',
  'booking_id',
  'kind',
  'file_name',
  'content_type',
  'size_bytes',
  'uploaded_at',
  'verified_at',
  'verified_by',
] as const;

interface DocRow {
  id: string;
  booking_id: string;
  kind: DocumentKind;
  file_name: string;
  content_type: string;
  size_bytes: number;
  uploaded_at: Date | string;
  verified_at: Date | string | null;
  verified_by: string | null;
}

export function toDocument(r: DocRow): BookingDocument {
  return {
    id: r.id,
    bookingId: r.booking_id,
    kind: r.kind,
    fileName: r.file_name,
    contentType: r.content_type,
    sizeBytes: Number(r.size_bytes),
    uploadedAt: new Date(r.uploaded_at).toISOString(),
    verified: r.verified_at !== null,
    verifiedAt: r.verified_at === null ? null : new Date(r.verified_at).toISOString(),
  };
}

export const staffDocument = (r: DocRow) => ({ ...toDocument(r), verifiedBy: r.verified_by });

/** A booking's documents, newest first (the customer's own only, in a customer transaction). */
export async function documentsOf(tx: Tx, tenantId: string, bookingId: string): Promise<DocRow[]> {
  return (await db(tx)
    .selectFrom('booking_documents')
    .select(DOC_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('booking_id', '=', bookingId)
    .orderBy('uploaded_at', 'desc')
    .orderBy('id')
    .execute()) as DocRow[];
}

/** Kinds uploaded per booking, for the portal's "still needed" (one statement for a list). */
export async function uploadedKinds(
  tx: Tx,
  tenantId: string,
  bookingIds: string[],
): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (bookingIds.length === 0) return out;
  const rows = await db(tx)
    .selectFrom('booking_documents')
    .select(['booking_id', 'kind'])
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('booking_id', 'in', bookingIds)
    .execute();
  for (const r of rows) {
    if (!out.has(r.booking_id)) out.set(r.booking_id, new Set());
    out.get(r.booking_id)!.add(r.kind);
  }
  return out;
}

/** Stores an upload for the booking (the caller checked the booking is the customer's and open). */
export async function storeDocument(
  tx: Tx,
  tenantId: string,
  booking: { id: string; customer_email: string },
  doc: Awaited<ReturnType<typeof uploadedDocument>>,
): Promise<BookingDocument> {
  const row = await db(tx)
    .insertInto('booking_documents')
    .values({
      tenant_id: tenantId,
      booking_id: booking.id,
      customer_email: booking.customer_email,
      kind: doc.kind,
      file_name: doc.fileName,
      content_type: doc.contentType,
      size_bytes: doc.data.length,
      data: doc.data,
    })
    .returning(DOC_COLUMNS)
    .executeTakeFirstOrThrow();
  return toDocument(row as DocRow);
}

/** One document's file: as uploaded, never rendered inline (a PDF or an image only ever downloads). */
export async function sendDocumentFile(
  ctx: AppContext,
  tx: Tx,
  tenantId: string,
  bookingId: string,
  docId: string,
) {
  if (!isUuid(docId)) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
  const row = await db(tx)
    .selectFrom('booking_documents')
    .select(['data', 'content_type', 'file_name'])
    .where('tenant_id', '=', tenantId)
    .where('booking_id', '=', bookingId)
    .where('id', '=', docId)
    .executeTakeFirst();
  if (!row) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
  ctx.type = row.content_type;
  ctx.set(
    'content-disposition',
    `attachment; filename="${row.file_name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(row.file_name)}`,
  );
  ctx.set('x-content-type-options', 'nosniff');
  ctx.set('cache-control', 'private, no-store');
  ctx.body = Buffer.from(row.data);
}

/**
 * Marks a document of the booking checked (staff): the booking's `docs.idVerified` or
 * `docs.insuranceVerified` is set and published with booking.updated.
 */
export async function verifyDocument(ctx: AppContext, tx: Tx, bookingId: string, docId: string) {
  const tenantId = tenantOf(ctx);
  const booking = await findBooking(tx, bookingId);
  if (!booking) throw notFound('Booking not found');
  if (!isUuid(docId)) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
  const who = ctx.state.principal.email;
  // Conditional: verified once, by whoever got there first; a second click keeps theirs.
  await db(tx)
    .updateTable('booking_documents')
    .set({ verified_at: NOW, verified_by: who })
    .where('tenant_id', '=', tenantId)
    .where('booking_id', '=', booking.id)
    .where('id', '=', docId)
    .where('verified_at', 'is', null)
    .execute();
  const doc = (await db(tx)
    .selectFrom('booking_documents')
    .select(DOC_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('booking_id', '=', booking.id)
    .where('id', '=', docId)
    .executeTakeFirst()) as DocRow | undefined;
  if (!doc) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
  const flag = doc.kind === 'id' ? 'idVerified' : 'insuranceVerified';
  if (!booking.docs[flag]) {
    // jsonb_set on the row as it is now: a concurrent verify of the other kind keeps its flag.
    await db(tx)
      .updateTable('bookings')
      .set({
        // sql: jsonb_set of one key with its path as text[] (no builder form for it)
        docs: sql<string>`jsonb_set(coalesce(docs, '{}'::jsonb), ${`{${flag}}`}::text[], 'true'::jsonb)`,
        updated_at: NOW,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', booking.id)
      .execute();
    const row = await reload(tx, booking.id);
    await tx.audit(ctx, {
      action: 'booking_document_verified',
      targetType: 'booking',
      target: row.booking_code,
      targetLabel: bookingLabel(row),
      additionalInfo: `${doc.kind === 'id' ? 'ID' : 'Insurance'} verified: ${doc.file_name}`,
      changes: { [flag]: { old: false, new: true } },
    });
    // insights' copy of the booking reads the flags: the Dashboard's documents alert clears
    await publishBooking(tx, 'booking.updated', row, (await tenantSettings(tx, tenantId)).timezone);
  }
  const after = await reload(tx, booking.id);
  return { document: staffDocument(doc), docs: after.docs };
}

/** 409 unless documents may still be added to the booking (not cancelled, expired or over). */
export function assertOpenForDocuments(status: string, message: string): void {
  if (status === 'cancelled' || status === 'expired' || status === 'completed') throw conflict(message);
}

import { operation } from '@venue/service-kit';
import { tenantOf, uuidOrNull } from '../../shared/http.ts';
import { creditNoteDocument } from '../credit-note-document.ts';

/** The adjustment note's PDF, a download named by its number. */
export const getCreditNotePdf = operation(
  'get /api/invoices/{id}/credit-notes/{creditNoteId}/pdf',
  async ({ ctx, tx, params }) => {
    const doc = await creditNoteDocument(
      tx,
      tenantOf(ctx),
      uuidOrNull(params.id),
      uuidOrNull(params.creditNoteId),
    );
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${doc.filename}"`);
    ctx.body = doc.pdf;
  },
);

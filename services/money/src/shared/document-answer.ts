/**
 * How an internal document route answers comms (decision 30; issue 24 item 1): to
 * `Accept: application/pdf` the PDF's bytes, as before; to `Accept: application/json` the PDF with
 * the figures it printed (`internalDocumentSchema` of @venue/contracts/comms), so the e-mail that
 * carries the PDF names the same amounts, read in the same transaction as the PDF was drawn.
 */
import type { DocumentFigures, InternalDocument } from '@venue/contracts/comms';
import type { AppContext } from '@venue/service-kit';

export interface MoneyDocument {
  filename: string;
  pdf: Buffer;
  figures: DocumentFigures;
}

export function answerDocument(ctx: AppContext, d: MoneyDocument): void {
  ctx.set('Content-Disposition', `attachment; filename="${d.filename}"`);
  if (ctx.accepts('application/pdf', 'application/json') === 'application/json') {
    const body: InternalDocument = {
      filename: d.filename,
      contentType: 'application/pdf',
      contentBase64: d.pdf.toString('base64'),
      figures: d.figures,
    };
    ctx.body = body;
    return;
  }
  ctx.type = 'application/pdf';
  ctx.body = d.pdf;
}

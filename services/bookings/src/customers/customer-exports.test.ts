/**
 * The customer data PDF (GET /api/customers/:id/export.pdf) is drawn in the fonts of
 * `@venue/service-kit/pdf` (decision 58): a customer's name with accents and CJK is read back
 * from the real export intact, by poppler's pdftotext as the kit's own test reads its PDFs, and the
 * file embeds Noto Sans (and Noto Sans SC for the CJK), never pdfkit's standard Helvetica.
 */
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { futureDate, unstartedHarness, useHarness } from '../testing/harness.ts';
import { baseFonts, hasPdftotext } from '@venue/service-kit/testing';

const h = unstartedHarness();

const NAME = 'Zoë Nguyễn 王芳';

/** The customer is made once (a second booking at the same time would be refused); each test exports afresh. */
let customerId: string | undefined;
async function exportedPdf(): Promise<Buffer> {
  customerId ??= await makeCustomer();
  const res = await fetch(`${h.t.url}/api/customers/${customerId}/export.pdf`, {
    headers: { authorization: `Bearer ${h.tokens.owner}` },
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/pdf');
  return Buffer.from(await res.arrayBuffer());
}

async function makeCustomer(): Promise<string> {
  const made = await h.create({
    bookingDate: futureDate(70),
    customerEmail: 'zoe.nguyen@example.com',
    customerName: NAME,
    eventType: 'Tết party',
  });
  assert.equal(made.status, 201);
  const list = await h.call('GET', '/api/customers?search=zoe.nguyen', h.tokens.owner);
  assert.equal(list.body.total, 1);
  return list.body.items[0].id as string;
}

describe('customer data PDF', () => {
  useHarness(h);
  it('embeds Noto Sans, with Noto Sans SC for the CJK of the name, and no standard font', async () => {
    const fonts = baseFonts(await exportedPdf());
    // pdfkit names a subset "ABCDEF+NotoSans-Regular"
    assert.ok(
      fonts.some((f) => /\+NotoSans-/.test(f)),
      `Noto Sans in ${JSON.stringify(fonts)}`,
    );
    assert.ok(
      fonts.some((f) => /\+NotoSansSC-/.test(f)),
      `Noto Sans SC in ${JSON.stringify(fonts)}`,
    );
    assert.ok(
      !fonts.some((f) => /Helvetica|Times|Courier/.test(f)),
      `a standard font in ${JSON.stringify(fonts)}`,
    );
  });

  it(
    `"${NAME}" reads back intact with poppler's pdftotext`,
    { skip: !hasPdftotext() && 'pdftotext is not installed' },
    async () => {
      const read = execFileSync('pdftotext', ['-layout', '-', '-'], {
        input: await exportedPdf(),
        encoding: 'utf8',
      }).split('\n');
      assert.ok(
        read.some((l) => l.trim() === `Name: ${NAME}`),
        `"Name: ${NAME}" in ${JSON.stringify(read)}`,
      );
      // the booking's line keeps the event type's accent too
      assert.ok(
        read.some((l) => l.includes('Tết party')),
        `the booking line in ${JSON.stringify(read)}`,
      );
    },
  );
});

/**
 * Every one-line field of the request contracts refuses a line break (issue 24 item 15), with
 * the issue on the field itself (so the 400 names it), and takes the same text on one line. The
 * services parse their bodies with these schemas; scripts/openapi.test.ts checks that every
 * request field named like a name, subject, reference or phone carries the one-line pattern.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { z } from 'zod';
import { accountCreateBody } from '../admin/accounts.ts';
import { createSubUserSchema, updateSubUserSchema } from '../admin/requests.ts';
import { createApiKeySchema } from '../api-keys.ts';
import { bookingFormBody } from '../bookings/booking-body.ts';
import { holidayInput } from '../catalogue/requests.ts';
import { sendEmailSchema } from '../comms/send.ts';
import { templateCreateSchema, templatePreviewRequestSchema } from '../comms/templates.ts';
import { quotationDepositMarkPaidSchema } from '../money-api/quotation-deposits.ts';
import { quotationInputSchema } from '../money-api/quotations.ts';
import {
  bondCreateSchema,
  bondRefundSchema,
  creditNoteCreateSchema,
  depositMarkPaidSchema,
  invoiceStatusUpdateSchema,
  paymentCreateSchema,
} from '../money-api/schemas.ts';
import { bankDetailsSchema, businessDetailsSchema } from '../validation/payment-settings.ts';
import { addonInput } from '../validation/pricing.ts';
import { resourceInput } from '../validation/resource.ts';
import { isOneLine } from './fields.ts';

/** Each schema with the paths of its one-line fields (`a.b` for nested, `list.0.x` for lists). */
const ONE_LINE_FIELDS: Array<[string, z.ZodType, string[]]> = [
  ['business details', businessDetailsSchema, ['businessName', 'businessPhone']],
  ['bank details', bankDetailsSchema, ['accountName', 'bankName']],
  ['new sub-user', createSubUserSchema, ['name']],
  ['sub-user edit', updateSubUserSchema, ['name']],
  [
    'account',
    accountCreateBody,
    [
      'name',
      'hallName',
      'contactNumber',
      'address.line1',
      'address.line2',
      'address.postcode',
      'address.state',
    ],
  ],
  ['API key', createApiKeySchema, ['name']],
  ['booking form', bookingFormBody, ['customerName', 'customerEmail', 'customerPhone', 'eventType']],
  ['holiday', holidayInput, ['name']],
  ['resource', resourceInput, ['name', 'colourName', 'equipment.0.name']],
  ['add-on', addonInput, ['name']],
  ['e-mail template', templateCreateSchema, ['name', 'subject']],
  ['template preview', templatePreviewRequestSchema, ['subject']],
  ['e-mail send', sendEmailSchema, ['recipientName', 'customSubject']],
  [
    'quotation',
    quotationInputSchema,
    ['customerName', 'customerPhone', 'eventType', 'resource', 'resourceName'],
  ],
  ['invoice status', invoiceStatusUpdateSchema, ['reference']],
  ['payment', paymentCreateSchema, ['reference']],
  ['refund with a credit note', creditNoteCreateSchema, ['refund.reference']],
  ['deposit paid', depositMarkPaidSchema, ['reference']],
  ['bond', bondCreateSchema, ['reference']],
  ['bond refund', bondRefundSchema, ['reference']],
  ['quotation deposit paid', quotationDepositMarkPaidSchema, ['reference']],
];

/** `{a: {b: value}}` for `a.b`, with lists for numeric steps. */
function bodyWith(path: string, value: string): unknown {
  return path
    .split('.')
    .reverse()
    .reduce<unknown>((inner, step) => (/^\d+$/.test(step) ? [inner] : { [step]: inner }), value);
}

function issuesAt(schema: z.ZodType, path: string, value: string): string[] {
  const result = schema.safeParse(bodyWith(path, value));
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path.join('.') === path).map((i) => i.message);
}

describe('one-line fields', () => {
  it('knows a line break of any kind', () => {
    for (const s of ['a\nb', 'a\rb', 'a\r\nb', 'a\u2028b', 'a\u2029b', 'a\u0085b', 'a\vb', 'a\fb'])
      assert.equal(isOneLine(s), false, JSON.stringify(s));
    for (const s of ['', 'Nguyễn Thị Ánh — Đặng’s Café', 'Tết\ttab']) assert.equal(isOneLine(s), true, s);
  });

  for (const [what, schema, paths] of ONE_LINE_FIELDS) {
    it(`${what}: ${paths.join(', ')} refuse CR/LF on the field, and take the same text on one line`, () => {
      for (const path of paths) {
        const refused = issuesAt(schema, path, 'Acme Hall\r\nBcc: everyone@example.com');
        assert.ok(
          refused.some((m) => /single line/.test(m)),
          `${what} ${path}: ${JSON.stringify(refused)}`,
        );
        assert.ok(
          issuesAt(schema, path, 'Acme\nHall').some((m) => /single line/.test(m)),
          `${what} ${path} LF`,
        );
        const oneLine = path.endsWith('customerEmail') ? 'acme@example.com' : 'Acme Hall';
        assert.deepEqual(
          issuesAt(schema, path, oneLine).filter((m) => /single line/.test(m)),
          [],
          `${what} ${path} on one line`,
        );
      }
    });
  }
});

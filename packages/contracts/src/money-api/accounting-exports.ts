/**
 * Accounting exports (issue 26 item 4): a range of the venue's days as Xero's and MYOB's import
 * files. The query is strict like every money query: an unreal day, a repeated key, a range that
 * ends before it starts or is longer than a year is a 400 naming the field.
 */
import { z } from 'zod';
import { queryText } from '../api/fields.ts';
import { isValidDate } from '../validation/booking-form.ts';
import { ACCOUNTING_MAX_DAYS } from './accounting-paths.ts';

export * from './accounting-paths.ts';

const ACCOUNT_CODE = /^[A-Za-z0-9][A-Za-z0-9 .\-/]{0,19}$/;

/** An account code of the venue's chart of accounts (Xero `200`, MYOB `4-1000`); absent → the default. */
function accountCode(name: string, fallback: string) {
  return queryText(name, 20)
    .transform((v, ctx): string | undefined => {
      if (v !== undefined && !ACCOUNT_CODE.test(v)) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be an account code: letters, digits, spaces, dots, dashes or slashes.`,
        });
        return z.NEVER;
      }
      return v;
    })
    .meta({ type: 'string', maxLength: 20, description: `Account code (default: ${fallback}).` });
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** A required calendar day in a query string: absent, repeated or unreal is a 400 naming it. */
function requiredDay(name: string, description: string) {
  return z
    .unknown()
    .transform((v, ctx): string => {
      if (v === undefined || v === '') {
        ctx.addIssue({ code: 'custom', message: `${name} is required (YYYY-MM-DD).` });
        return z.NEVER;
      }
      if (typeof v === 'string' && isValidDate(v)) return v;
      ctx.addIssue({ code: 'custom', message: `${name} must be a real day written YYYY-MM-DD.` });
      return z.NEVER;
    })
    .meta({ type: 'string', format: 'date', description });
}

/** `to` on or after `from`, and at most ACCOUNTING_MAX_DAYS days of them (inclusive). */
function checkRange(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from.' });
  else if (dayNumber(q.to) - dayNumber(q.from) + 1 > ACCOUNTING_MAX_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `to may be at most ${ACCOUNTING_MAX_DAYS} days after from: export a longer time in parts.`,
    });
}

const range = {
  from: requiredDay('from', "The first day (the venue's), YYYY-MM-DD."),
  to: requiredDay('to', "The last day (the venue's), YYYY-MM-DD, inclusive."),
};

/** `GET /api/invoices/export/{xero|myob}`: invoices issued, adjustment notes and bonds held in the range. */
export const accountingSalesQuerySchema = z
  .object({
    ...range,
    account: accountCode('account', 'Xero 200, MYOB 4-1000'),
    bondAccount: accountCode('bondAccount', 'the same as account'),
  })
  .superRefine(checkRange);
export type AccountingSalesQuery = z.output<typeof accountingSalesQuerySchema>;

/** `GET /api/payments/export/{xero|myob}`: money received and paid back in the range. */
export const accountingPaymentsQuerySchema = z
  .object({
    ...range,
    bankAccount: accountCode('bankAccount', 'MYOB 1-1110; Xero files name none'),
  })
  .superRefine(checkRange);
export type AccountingPaymentsQuery = z.output<typeof accountingPaymentsQuerySchema>;

/**
 * The Deposits page's Quotations tab (spec 03 §2.2, §4 "Deposit flag"): quotations with a
 * deposit above 0, and Mark Paid / Mark Unpaid of the quotation's flag. Before acceptance no
 * invoice exists, so the flag is the quotation's own (set with when and how; cleared with an
 * audit record). Once accepted the deposit is the booking's DEPOSIT invoice (decision 33): the
 * tab reads that invoice and refuses to mark the quotation, so a deposit never has two writers.
 * Each change is one conditional update, so two clicks at once change it once.
 *
 * The tab's rows, filters and refusals are deposit-row.ts; each call of the contract's table is
 * one handler in `handlers/deposit-*.ts` (`serveOperations`).
 */
import { MONEY_ROUTES } from '@venue/contracts/money-api';
import { serveOperations, type AppRouter } from '@venue/service-kit';
import { postQuotationDepositPaid, postQuotationDepositUnpaid } from './handlers/deposit-marks.ts';
import {
  getQuotationDepositSummary,
  listQuotationDepositPage,
  listQuotationDeposits,
} from './handlers/deposit-lists.ts';

const QUOTATION_DEPOSIT_ROUTES = MONEY_ROUTES.filter((r) =>
  /^\/api\/deposits\/quotations(\/|$)/.test(r.path),
);

export function quotationDepositRoutes(router: AppRouter): void {
  serveOperations(router, QUOTATION_DEPOSIT_ROUTES, [
    listQuotationDeposits,
    listQuotationDepositPage,
    getQuotationDepositSummary,
    postQuotationDepositPaid,
    postQuotationDepositUnpaid,
  ]);
}

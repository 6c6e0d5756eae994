import { useRef, useState } from 'react';
import { Alert, Text } from '@mantine/core';
import { idempotencyKeys } from '@venue/ui';
import {
  QUOTATION_DEPOSIT_MESSAGES as M,
  quotationDepositMarkPaidSchema,
  type QuotationDeposit,
} from '@venue/contracts/money-api';
import { usePaymentMethods } from '../api/hooks.ts';
import { useFormat } from '../shared/format.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import { acceptedDepositMethods, type DepositFilter } from './deposit-filters.ts';
import { DepositDrawerFrame, Line } from './DepositDrawer.tsx';
import {
  DepositTable,
  MarkButtons,
  useTabPage,
  type DepositActions,
  type MarkPaidBody,
} from './DepositTable.tsx';
import { useMarkQuotationDeposit } from './quotation-deposit-hooks.ts';
import { SummaryCards } from './SummaryCards.tsx';
import { useDepositSummary, useQuotationDepositPage } from './useDepositList.ts';

/** What the quotation is called (issue 24 item 2): its number once sent; a draft has none yet. */
export const quotationLabel = (d: Pick<QuotationDeposit, 'quotationNumber'>) =>
  d.quotationNumber ?? 'Draft quotation';

/**
 * Mark Paid / Mark Unpaid of a quotation's deposit. The Idempotency-Key follows the content and
 * how many changes this page has made to that quotation, so a double click or a retry is one
 * change while Paid → Unpaid → Paid again is three.
 */
function useQuotationDepositActions(): DepositActions<QuotationDeposit> {
  const mark = useMarkQuotationDeposit();
  const [keyFor] = useState(idempotencyKeys);
  const changes = useRef(new Map<string, number>());
  const fmt = useFormat();
  const run = async (d: QuotationDeposit, paid: MarkPaidBody | null) => {
    const n = changes.current.get(d.quotationId) ?? 0;
    try {
      await mark.mutateAsync({
        id: d.quotationId,
        paid,
        key: keyFor({ quotation: d.quotationId, paid, n }),
      });
      changes.current.set(d.quotationId, n + 1);
      toastSuccess(
        paid
          ? `Deposit of ${fmt.money(d.depositCents)} for ${quotationLabel(d)} (${d.customerName}) marked paid (${paid.paymentMethod}).`
          : `Deposit for ${quotationLabel(d)} (${d.customerName}) marked unpaid.`,
      );
    } catch (error) {
      toastError(errorText(error));
      // Mark Paid's drawer puts it on its form; Mark Unpaid has nothing more to say.
      if (paid) throw error;
    }
  };
  return {
    busy: mark.isPending,
    paid: (d: QuotationDeposit, body: MarkPaidBody) => run(d, body),
    unpaid: (d: QuotationDeposit) => run(d, null),
  };
}
/** Accepted: the booking's deposit invoice holds it (Web & Admin Bookings tab); Declined: history. */
const notMarkable = (d: QuotationDeposit) => (
  <Text size="xs" c="dimmed">
    {d.quotationStatus === 'Accepted' ? 'On the booking' : '—'}
  </Text>
);

const statusColor = (d: QuotationDeposit) =>
  d.depositPaid
    ? 'green'
    : d.quotationStatus === 'Declined' || d.quotationStatus === 'Expired'
      ? 'gray'
      : 'orange';

/** The "Quotations" tab: quotations with a deposit above 0 (spec 03 §2.2). */
export function QuotationDepositsTab({ search, filter }: { search: string; filter: DepositFilter }) {
  const [page, setPage] = useTabPage(search, filter);
  const list = useQuotationDepositPage(search, filter, page);
  const summary = useDepositSummary('quotations');
  const methodsQuery = usePaymentMethods();
  const actions = useQuotationDepositActions();
  const methods = acceptedDepositMethods(methodsQuery.data);

  return (
    <>
      <SummaryCards summary={summary.data} noun={['quotation', 'quotations']} tab="Quotations" />
      <DepositTable
        list={list}
        page={page}
        onPage={setPage}
        loadingLabel={M.loading}
        emptyTitle={
          (summary.data?.total.count ?? 0) === 0
            ? M.empty
            : 'No quotation deposits match the search or filter.'
        }
        tableLabel="Quotation deposits"
        rowTestId="quotation-deposit-row"
        idOf={(d) => d.quotationId}
        first={{
          header: 'Quotation',
          cell: (d) =>
            d.quotationNumber ?? (
              <Text span size="sm" c="dimmed">
                Draft
              </Text>
            ),
        }}
        statusColor={statusColor}
        action={(d) =>
          d.markable ? (
            <MarkButtons
              deposit={d}
              label={`${quotationLabel(d)} of ${d.customerName}`}
              methods={methods}
              actions={actions}
            />
          ) : (
            notMarkable(d)
          )
        }
        detailsLabel={(d) => `Details of ${quotationLabel(d)} of ${d.customerName}`}
        drawer={(open, onClose) => (
          <DepositDrawerFrame
            deposit={open}
            idOf={(d) => d.quotationId}
            markPaidSchema={quotationDepositMarkPaidSchema}
            onClose={onClose}
            title={(d) => `Deposit — ${quotationLabel(d)}`}
            color={statusColor}
            paidBy={(d) => d.paymentMethod}
            about={(d) => (
              <>
                <Line label="Quotation status" value={d.quotationStatus} />
                <Line label="Quotation" value={quotationLabel(d)} />
                {d.depositInvoiceNumber ? (
                  <Line label="Deposit invoice" value={d.depositInvoiceNumber} />
                ) : null}
              </>
            )}
            locked={(d) =>
              d.markable ? null : (
                <Alert color="blue" role="status">
                  {d.quotationStatus === 'Accepted' ? M.accepted : M.declined}
                </Alert>
              )
            }
            actions={actions}
            methods={methods}
          />
        )}
      />
    </>
  );
}

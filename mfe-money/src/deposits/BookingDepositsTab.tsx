import { useState } from 'react';
import { idempotencyKeys } from '@venue/ui';
import type { Deposit } from '@venue/contracts/money-api';
import { useMarkDepositPaid, useMarkDepositUnpaid, usePaymentMethods } from '../api/hooks.ts';
import { useFormat } from '../shared/format.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import { acceptedDepositMethods, type DepositFilter } from './deposit-filters.ts';
import { DepositDrawer } from './DepositDrawer.tsx';
import {
  DepositTable,
  MarkButtons,
  useTabPage,
  type DepositActions,
  type MarkPaidBody,
} from './DepositTable.tsx';
import { SummaryCards } from './SummaryCards.tsx';
import { useDepositPage, useDepositSummary } from './useDepositList.ts';

/** Mark Paid / Mark Unpaid with one Idempotency-Key per page and content, so a double click acts once. */
function useDepositActions(): DepositActions<Deposit> {
  const markPaid = useMarkDepositPaid();
  const markUnpaid = useMarkDepositUnpaid();
  const [keyFor] = useState(idempotencyKeys);
  const fmt = useFormat();
  return {
    busy: markPaid.isPending || markUnpaid.isPending,
    async paid(d: Deposit, body: MarkPaidBody) {
      try {
        await markPaid.mutateAsync({
          bookingId: d.bookingId,
          body,
          key: keyFor({ paid: d.bookingId, ...body, at: d.lastPaymentId }),
        });
        toastSuccess(
          `Deposit of ${fmt.money(d.depositCents)} for ${d.bookingCode} marked paid (${body.paymentMethod}).`,
        );
      } catch (error) {
        toastError(errorText(error));
        throw error;
      }
    },
    async unpaid(d: Deposit) {
      try {
        await markUnpaid.mutateAsync({
          bookingId: d.bookingId,
          key: keyFor({ unpaid: d.bookingId, at: d.lastPaymentId }),
        });
        toastSuccess(`Deposit for ${d.bookingCode} marked unpaid.`);
      } catch (error) {
        toastError(errorText(error));
      }
    },
  };
}

/** The "Web & Admin Bookings" tab: confirmed bookings with a deposit (spec 03 §2.2). */
export function BookingDepositsTab({ search, filter }: { search: string; filter: DepositFilter }) {
  const [page, setPage] = useTabPage(search, filter);
  const deposits = useDepositPage(search, filter, page);
  const summary = useDepositSummary('bookings');
  const methodsQuery = usePaymentMethods();
  const actions = useDepositActions();
  const methods = acceptedDepositMethods(methodsQuery.data);

  return (
    <>
      <SummaryCards summary={summary.data} noun={['booking', 'bookings']} tab="Bookings" />
      <DepositTable
        list={deposits}
        page={page}
        onPage={setPage}
        loadingLabel="Loading deposits..."
        emptyTitle="No deposits found."
        tableLabel="Booking deposits"
        rowTestId="deposit-row"
        idOf={(d) => d.bookingId}
        first={{ header: 'Booking', cell: (d) => d.bookingCode }}
        statusColor={(d) => (d.depositPaid ? 'green' : 'orange')}
        action={(d) => <MarkButtons deposit={d} label={d.bookingCode} methods={methods} actions={actions} />}
        detailsLabel={(d) => `Details of ${d.bookingCode}`}
        drawer={(open, onClose) => (
          <DepositDrawer deposit={open} onClose={onClose} actions={actions} methods={methodsQuery.data} />
        )}
      />
    </>
  );
}

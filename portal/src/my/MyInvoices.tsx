/**
 * `/my/invoices`: the customer's invoices with their PDFs, the receipts of their payments and
 * any adjustment notes; "Pay" opens the venue's pay page (decision 43: bank transfer, or card
 * through Stripe when the venue has it) for what is due.
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { formatDate, formatMoney, idempotencyKeys } from '@venue/ui/light';
import { portalApi } from '../api/client.ts';
import type { PortalInvoice, PortalPayAnswer } from '../api/types.ts';
import { Empty, ErrorMessage, Loading, messageOf } from '../ui/states.tsx';
import { useVenueFormat } from '../ui/venue-format.ts';
import { DownloadButton } from './DownloadButton.tsx';
import { INVOICE_KINDS, INVOICE_STATUS, RECEIPT_KINDS } from './labels.ts';
import { PortalFrame } from './PortalFrame.tsx';

export default function MyInvoices() {
  return (
    <PortalFrame title="Your invoices">
      <InvoiceList />
    </PortalFrame>
  );
}

function InvoiceList() {
  const invoices = useQuery({
    queryKey: ['portal', 'invoices'],
    queryFn: () => portalApi.api<{ invoices: PortalInvoice[] }>('/api/portal/invoices'),
  });
  if (invoices.isPending) return <Loading label="Loading your invoices…" />;
  if (invoices.isError)
    return <ErrorMessage error={invoices.error} onRetry={() => void invoices.refetch()} />;
  if (invoices.data.invoices.length === 0) return <Empty>You have no invoices from this venue.</Empty>;
  return (
    <ul className="cards list">
      {invoices.data.invoices.map((i) => (
        <li key={i.id}>
          <Invoice invoice={i} />
        </li>
      ))}
    </ul>
  );
}

/** Sends the customer on to the pay page; a seam for tests, which cannot leave jsdom's page. */
export const goTo = { url: (url: string) => window.location.assign(url) };

function Invoice({ invoice: inv }: { invoice: PortalInvoice }) {
  const fmt = useVenueFormat();
  const [keyFor] = useState(idempotencyKeys);
  const pay = useMutation({
    mutationFn: () =>
      portalApi.api<PortalPayAnswer>(`/api/portal/invoices/${encodeURIComponent(inv.id)}/pay`, {
        method: 'POST',
        body: {},
        idempotencyKey: keyFor({ pay: inv.id }),
      }),
    // the page on this origin (the absolute url is the one the venue's e-mails carry)
    onSuccess: ({ path }) => goTo.url(path),
  });
  const headingId = `invoice-${inv.id}`;
  const payable = inv.payable && inv.balanceCents > 0;
  return (
    <article className="card" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="card-title">
          {INVOICE_KINDS[inv.kind] ?? 'Invoice'} {inv.number}
        </h2>
        <InvoiceFacts inv={inv} />
        <p className="actions">
          <DownloadButton
            path={`/api/portal/invoices/${encodeURIComponent(inv.id)}/pdf`}
            fileName={`${inv.number}.pdf`}
          >
            Invoice PDF<span className="visually-hidden"> {inv.number}</span>
          </DownloadButton>
          {payable && (
            <button type="button" className="button" disabled={pay.isPending} onClick={() => pay.mutate()}>
              {pay.isPending ? 'Opening the pay page…' : `Pay ${formatMoney(inv.balanceCents, fmt)}`}
              <span className="visually-hidden"> of invoice {inv.number}</span>
            </button>
          )}
        </p>
        {pay.isError && (
          <p className="error" role="alert">
            {messageOf(pay.error)}
          </p>
        )}
        <InvoiceDocuments inv={inv} />
      </div>
    </article>
  );
}

/** The status, the booking, and the money as the venue stored it: total, what is due and by when. */
function InvoiceFacts({ inv }: { inv: PortalInvoice }) {
  const fmt = useVenueFormat();
  return (
    <dl className="facts">
      <dt>Status</dt>
      <dd>
        <span className={`status status-i-${inv.status.toLowerCase()}`}>
          {INVOICE_STATUS[inv.status] ?? inv.status}
        </span>
      </dd>
      {inv.bookingCode && (
        <>
          <dt>Booking</dt>
          <dd>
            {inv.bookingCode}
            {inv.resourceName ? `, ${inv.resourceName}` : ''}
            {inv.eventDate ? `, ${formatDate(inv.eventDate, fmt)}` : ''}
          </dd>
        </>
      )}
      <dt>Issued</dt>
      <dd>{formatDate(inv.issuedAt, fmt)}</dd>
      <dt>Total</dt>
      <dd>{formatMoney(inv.totalCents, fmt)}</dd>
      <dt>Due</dt>
      <dd>
        {formatMoney(inv.balanceCents, fmt)}
        {inv.balanceCents > 0 ? ` by ${formatDate(inv.dueDate, fmt)}` : ''}
        {inv.daysOverdue > 0 ? ` (${inv.daysOverdue} ${inv.daysOverdue === 1 ? 'day' : 'days'} overdue)` : ''}
      </dd>
    </dl>
  );
}

/** The receipts of the payments and the adjustment notes, each with its PDF. */
function InvoiceDocuments({ inv }: { inv: PortalInvoice }) {
  const fmt = useVenueFormat();
  return (
    <>
      {inv.receipts.length > 0 && (
        <>
          <h3 className="small-heading">Payments</h3>
          <ul className="plain-list">
            {inv.receipts.map((r) => (
              <li key={r.paymentId}>
                {formatMoney(r.amountCents, fmt)} {RECEIPT_KINDS[r.kind] ?? 'paid'}{' '}
                {formatDate(r.paidAt, fmt)}{' '}
                <DownloadButton
                  path={`/api/portal/receipts/${encodeURIComponent(r.paymentId)}/pdf`}
                  fileName={`${r.number}.pdf`}
                  className="link-button"
                >
                  Receipt {r.number}
                </DownloadButton>
              </li>
            ))}
          </ul>
        </>
      )}
      {inv.creditNotes.length > 0 && (
        <>
          <h3 className="small-heading">Adjustment notes</h3>
          <ul className="plain-list">
            {inv.creditNotes.map((c) => (
              <li key={c.id}>
                {formatMoney(c.amountCents, fmt)} on {formatDate(c.issuedAt, fmt)}
                {c.reason ? `: ${c.reason}` : ''}{' '}
                <DownloadButton
                  path={`/api/portal/credit-notes/${encodeURIComponent(c.id)}/pdf`}
                  fileName={`${c.number}.pdf`}
                  className="link-button"
                >
                  Adjustment note {c.number}
                </DownloadButton>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

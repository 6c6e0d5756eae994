/**
 * `/my/quotations`: the quotations the venue sent this customer. Reading one, its PDF, and
 * answering: accepting books the slot exactly as the venue's own acceptance does (once; a taken
 * slot is named) and raises the deposit invoice; declining may say why.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDate, formatMoney, idempotencyKeys } from '@venue/ui/light';
import { portalApi } from '../api/client.ts';
import type { PortalAcceptAnswer, PortalQuotation } from '../api/types.ts';
import { TextArea } from '../ui/fields.tsx';
import { longDayLabel, timeRange } from '../ui/labels.ts';
import { Empty, ErrorMessage, Loading, messageOf } from '../ui/states.tsx';
import { useVenueFormat } from '../ui/venue-format.ts';
import { DownloadButton } from './DownloadButton.tsx';
import { QUOTATION_STATUS } from './labels.ts';
import { PortalFrame } from './PortalFrame.tsx';

const path = (id: string, rest = '') => `/api/portal/quotations/${encodeURIComponent(id)}${rest}`;

export default function MyQuotations() {
  return (
    <PortalFrame title="Your quotations">
      <QuotationList />
    </PortalFrame>
  );
}

function QuotationList() {
  const quotations = useQuery({
    queryKey: ['portal', 'quotations'],
    queryFn: () => portalApi.api<{ quotations: PortalQuotation[] }>('/api/portal/quotations'),
  });
  if (quotations.isPending) return <Loading label="Loading your quotations…" />;
  if (quotations.isError)
    return <ErrorMessage error={quotations.error} onRetry={() => void quotations.refetch()} />;
  if (quotations.data.quotations.length === 0) return <Empty>The venue has not sent you a quotation.</Empty>;
  return (
    <ul className="cards list">
      {quotations.data.quotations.map((q) => (
        <li key={q.id}>
          <Quotation quotation={q} />
        </li>
      ))}
    </ul>
  );
}

/** One quotation: its facts, its PDF and, while Sent, Accept or Decline asked once more. */
function Quotation({ quotation: q }: { quotation: PortalQuotation }) {
  const [step, setStep] = useState<'idle' | 'accept' | 'decline'>('idle');
  const [reason, setReason] = useState('');
  const { accept, decline } = useAnswer(q.id);
  const headingId = `quotation-${q.id}`;
  return (
    <article className="card" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="card-title">
          Quotation {q.number}
        </h2>
        <QuotationFacts q={q} />
        <p className="actions">
          <DownloadButton path={path(q.id, '/pdf')} fileName={`${q.number}.pdf`}>
            Quotation PDF<span className="visually-hidden"> {q.number}</span>
          </DownloadButton>
        </p>
        {accept.isSuccess ? (
          <p role="status" className="notice">
            Accepted. Your booking {accept.data.bookingCode} is confirmed;{' '}
            <Link to={`/my/bookings/${encodeURIComponent(accept.data.bookingId)}`}>see the booking</Link> and
            the deposit invoice under <Link to="/my/invoices">Invoices</Link>.
          </p>
        ) : decline.isSuccess ? (
          <p role="status" className="notice">
            Declined. The venue has been told.
          </p>
        ) : q.status === 'Sent' && step === 'idle' ? (
          <p className="actions">
            <button type="button" className="button" onClick={() => setStep('accept')}>
              Accept<span className="visually-hidden"> quotation {q.number}</span>
            </button>
            <button type="button" className="button secondary" onClick={() => setStep('decline')}>
              Decline<span className="visually-hidden"> quotation {q.number}</span>
            </button>
          </p>
        ) : step === 'accept' ? (
          <AcceptQuotation q={q} headingId={headingId} accept={accept} onCancel={() => setStep('idle')} />
        ) : step === 'decline' ? (
          <DeclineQuotation
            decline={decline}
            reason={reason}
            setReason={setReason}
            onCancel={() => setStep('idle')}
          />
        ) : null}
      </div>
    </article>
  );
}

/** Accept and Decline, each sent once (one key per answer); either refreshes the whole portal. */
function useAnswer(id: string) {
  const queryClient = useQueryClient();
  const [keyFor] = useState(idempotencyKeys);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['portal'] });
  const accept = useMutation({
    mutationFn: () =>
      portalApi.api<PortalAcceptAnswer>(path(id, '/accept'), {
        method: 'POST',
        body: {},
        idempotencyKey: keyFor({ accept: id }),
      }),
    onSuccess: () => void refresh(),
  });
  const decline = useMutation({
    mutationFn: (body: { reason?: string }) =>
      portalApi.api(path(id, '/decline'), {
        method: 'POST',
        body,
        idempotencyKey: keyFor({ decline: id, ...body }),
      }),
    onSuccess: () => void refresh(),
  });
  return { accept, decline };
}

/** The status, what and when, the money as the venue stored it, the notes and the lines. */
function QuotationFacts({ q }: { q: PortalQuotation }) {
  const fmt = useVenueFormat();
  return (
    <>
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <span className={`status status-q-${q.status.toLowerCase()}`}>
            {QUOTATION_STATUS[q.status] ?? q.status}
          </span>
        </dd>
        <dt>For</dt>
        <dd>
          {q.eventType ? `${q.eventType}, ` : ''}
          {q.resourceName}, {longDayLabel(q.eventDate, fmt)}, {timeRange(q.startTime, q.endTime, fmt)}
          {q.guestCount ? `, ${q.guestCount} guests` : ''}
        </dd>
        <dt>Total</dt>
        <dd>{formatMoney(q.totalCents, fmt)}</dd>
        {q.depositCents > 0 && (
          <>
            <dt>Deposit</dt>
            <dd>
              {formatMoney(q.depositCents, fmt)} when booked, then {formatMoney(q.finalCents, fmt)}
            </dd>
          </>
        )}
        {q.status === 'Sent' && (
          <>
            <dt>Valid until</dt>
            <dd>{formatDate(q.validUntil, fmt)}</dd>
          </>
        )}
        {q.bookingCode && (
          <>
            <dt>Booking</dt>
            <dd>{q.bookingCode}</dd>
          </>
        )}
        {q.declineReason && (
          <>
            <dt>Your reason</dt>
            <dd>{q.declineReason}</dd>
          </>
        )}
      </dl>
      {q.notes && <p className="hint">{q.notes}</p>}
      {q.items.length > 0 && (
        <table className="quote-lines">
          <caption className="visually-hidden">What quotation {q.number} covers</caption>
          <tbody>
            {q.items.map((item, i) => (
              <tr key={i}>
                <th scope="row">{item.description}</th>
                <td>{formatMoney(item.amountCents, fmt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function AcceptQuotation({
  q,
  headingId,
  accept,
  onCancel,
}: {
  q: PortalQuotation;
  headingId: string;
  accept: ReturnType<typeof useAnswer>['accept'];
  onCancel: () => void;
}) {
  const fmt = useVenueFormat();
  return (
    <div role="group" aria-labelledby={`${headingId}-accept`}>
      <p id={`${headingId}-accept`}>
        Accept quotation {q.number} for {formatMoney(q.totalCents, fmt)}? This books {q.resourceName} on{' '}
        {longDayLabel(q.eventDate, fmt)} and the deposit invoice follows.
      </p>
      {accept.isError && (
        <p className="error" role="alert">
          {messageOf(accept.error)}
        </p>
      )}
      <p className="actions">
        <button type="button" className="button" disabled={accept.isPending} onClick={() => accept.mutate()}>
          {accept.isPending ? 'Accepting…' : 'Yes, accept and book'}
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          Not now
        </button>
      </p>
    </div>
  );
}

/** Decline, with a reason the venue sees if one is given. */
function DeclineQuotation({
  decline,
  reason,
  setReason,
  onCancel,
}: {
  decline: ReturnType<typeof useAnswer>['decline'];
  /** Kept by the card, so "Not now" and Decline again find it as typed. */
  reason: string;
  setReason: (reason: string) => void;
  onCancel: () => void;
}) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        decline.mutate(reason.trim() ? { reason: reason.trim() } : {});
      }}
    >
      <TextArea
        label="Why are you declining?"
        required={false}
        value={reason}
        maxLength={1000}
        onValue={setReason}
        hint="The venue sees this."
      />
      {decline.isError && (
        <p className="error" role="alert">
          {messageOf(decline.error)}
        </p>
      )}
      <p className="actions">
        <button type="submit" className="button danger" disabled={decline.isPending}>
          {decline.isPending ? 'Declining…' : 'Decline quotation'}
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          Not now
        </button>
      </p>
    </form>
  );
}

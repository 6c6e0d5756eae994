/**
 * `/my/bookings/<id>`: one booking: its status, cancelling a request that is still waiting,
 * asking for changes, the calendar file, and the ID and insurance documents the venue needs.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoney, idempotencyKeys } from '@venue/ui/light';
import { CHANGES_EMPTY_MESSAGE, CHANGES_SENT_MESSAGE } from '@venue/contracts/bookings';
import { portalApi } from '../api/client.ts';
import type { PortalBooking } from '../api/types.ts';
import { TextArea } from '../ui/fields.tsx';
import { longDayLabel, timeRange } from '../ui/labels.ts';
import { ErrorMessage, Loading, messageOf } from '../ui/states.tsx';
import { useVenueFormat } from '../ui/venue-format.ts';
import { BookingDocuments } from './BookingDocuments.tsx';
import { DownloadButton } from './DownloadButton.tsx';
import { bookingStatus } from './labels.ts';
import { PortalFrame } from './PortalFrame.tsx';

const path = (id: string, rest = '') => `/api/portal/bookings/${encodeURIComponent(id)}${rest}`;

export default function MyBooking() {
  const { id = '' } = useParams();
  return (
    <PortalFrame title="Your booking">
      <p>
        <Link to="/my">← All your bookings</Link>
      </p>
      <BookingDetail id={id} />
    </PortalFrame>
  );
}

function BookingDetail({ id }: { id: string }) {
  const fmt = useVenueFormat();
  const booking = useQuery({
    queryKey: ['portal', 'booking', id],
    queryFn: () => portalApi.api<PortalBooking>(path(id)),
  });
  if (booking.isPending) return <Loading label="Loading the booking…" />;
  if (booking.isError) return <ErrorMessage error={booking.error} onRetry={() => void booking.refetch()} />;
  const b = booking.data;
  const open = b.status === 'pending' || b.status === 'tentative' || b.status === 'confirmed';
  return (
    <>
      <section className="card" aria-labelledby="booking-heading">
        <div className="card-body">
          <h2 id="booking-heading">
            {b.resourceName}, {longDayLabel(b.date, fmt)}
          </h2>
          <dl className="facts">
            <dt>Status</dt>
            <dd>
              <span className={`status status-${b.status}`}>{bookingStatus(b, fmt)}</span>
            </dd>
            <dt>Time</dt>
            <dd>{timeRange(b.startTime, b.endTime, fmt)}</dd>
            <dt>Booking</dt>
            <dd>{b.code}</dd>
            <dt>Event</dt>
            <dd>
              {b.eventType}
              {b.guests ? `, ${b.guests} guests` : ''}
            </dd>
            {b.addOns.length > 0 && (
              <>
                <dt>Add-ons</dt>
                <dd>
                  {b.addOns.map((a) => (a.quantity > 1 ? `${a.name} × ${a.quantity}` : a.name)).join(', ')}
                </dd>
              </>
            )}
            <dt>Price</dt>
            <dd>{formatMoney(b.totalCents, fmt)}</dd>
            {b.cancellationReason && (
              <>
                <dt>Why cancelled</dt>
                <dd>{b.cancellationReason}</dd>
              </>
            )}
          </dl>
          <p className="actions">
            <DownloadButton path={path(id, '/calendar.ics')} fileName={`${b.code}.ics`}>
              Add to calendar (.ics)
            </DownloadButton>
          </p>
        </div>
      </section>
      {b.canCancel && <CancelRequest booking={b} />}
      {open && <AskForChanges booking={b} />}
      <BookingDocuments booking={b} />
    </>
  );
}

function CancelRequest({ booking }: { booking: PortalBooking }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [keyFor] = useState(idempotencyKeys);
  const cancel = useMutation({
    mutationFn: () =>
      portalApi.api<PortalBooking>(path(booking.id, '/cancel'), {
        method: 'POST',
        body: {},
        idempotencyKey: keyFor({ cancel: booking.id }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portal'] }),
  });
  return (
    <section className="card" aria-labelledby="cancel-heading">
      <div className="card-body">
        <h2 id="cancel-heading">Cancel this request</h2>
        {cancel.isSuccess ? (
          <p role="status">Your request is cancelled. The venue has been told.</p>
        ) : asking ? (
          <div role="group" aria-labelledby="cancel-question">
            <p id="cancel-question">
              Cancel your request {booking.code}? The venue will no longer keep the time for you.
            </p>
            {cancel.isError && (
              <p className="error" role="alert">
                {messageOf(cancel.error)}
              </p>
            )}
            <p className="actions">
              <button
                type="button"
                className="button danger"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate()}
              >
                {cancel.isPending ? 'Cancelling…' : 'Yes, cancel it'}
              </button>
              <button type="button" className="button secondary" onClick={() => setAsking(false)}>
                Keep it
              </button>
            </p>
          </div>
        ) : (
          <>
            <p>The venue has not confirmed it yet, so you can still withdraw it.</p>
            <button type="button" className="button secondary" onClick={() => setAsking(true)}>
              Cancel request
            </button>
          </>
        )}
      </div>
    </section>
  );
}

function AskForChanges({ booking }: { booking: PortalBooking }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [keyFor] = useState(idempotencyKeys);
  const textRef = useRef<HTMLDivElement>(null);
  const send = useMutation({
    mutationFn: (body: { message: string }) =>
      portalApi.api(path(booking.id, '/changes'), { method: 'POST', body, idempotencyKey: keyFor(body) }),
    onSuccess: () => setMessage(''),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = message.trim();
    if (!text) {
      setError(CHANGES_EMPTY_MESSAGE);
      textRef.current?.querySelector('textarea')?.focus();
      return;
    }
    setError(null);
    send.mutate({ message: text });
  };
  return (
    <section className="card" aria-labelledby="changes-heading">
      <form className="card-body" noValidate onSubmit={submit}>
        <h2 id="changes-heading">Ask for changes</h2>
        <div ref={textRef}>
          <TextArea
            label="What would you like to change?"
            value={message}
            maxLength={2000}
            onValue={(v) => {
              setMessage(v);
              setError(null);
            }}
            error={error}
            hint="The venue reads this and answers by e-mail."
          />
        </div>
        {send.isError && (
          <p className="error" role="alert">
            {messageOf(send.error)}
          </p>
        )}
        {send.isSuccess && <p role="status">{CHANGES_SENT_MESSAGE}</p>}
        <button type="submit" className="button secondary" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send to the venue'}
        </button>
      </form>
    </section>
  );
}

/**
 * The request form for a picked slot (issue 25 item 2): the slot, guests, event type, add-ons,
 * an optional repeat with each date's clash, the venue's questions, contact details and the hire
 * agreement. The server's quote is shown before sending; every error shows at once beside its
 * field with the first focused; a refused slot shows the server's message and its nearest free
 * times as buttons. A hidden honeypot field catches form-filling robots.
 */
import type { RequestAnswer, VenueProfile } from '../api/types.ts';
import type { PickedSlot } from './BookPage.tsx';
import { VenueQuestions, YourDetails } from './AboutYou.tsx';
import { HireAgreement } from './HireAgreement.tsx';
import { QuoteBox } from './QuoteBox.tsx';
import { useRequestForm } from './useRequestForm.ts';
import { WhenAndWhere } from './WhenAndWhere.tsx';
import { YourEvent } from './YourEvent.tsx';

export default function RequestForm({
  venue,
  initial,
  onDone,
  onChangeTime,
}: {
  venue: VenueProfile;
  initial: PickedSlot;
  onDone: (answer: RequestAnswer, email: string) => void;
  onChangeTime: (resourceId?: string) => void;
}) {
  const form = useRequestForm(venue, initial, onDone);
  const { failure, sending } = form;
  return (
    <section className="request" aria-labelledby="request-heading">
      <h2 id="request-heading" ref={form.headingRef} tabIndex={-1}>
        Request a booking
      </h2>
      <p>
        Tell {venue.name} about your event. They confirm every request by e-mail; nothing is booked or paid
        until they do.
      </p>
      <form ref={form.formRef} noValidate onSubmit={(e) => void form.submit(e)}>
        <WhenAndWhere venue={venue} form={form} onChangeTime={onChangeTime} />
        <YourEvent venue={venue} form={form} />
        <VenueQuestions venue={venue} form={form} />
        <YourDetails form={form} />
        <HireAgreement venue={venue} form={form} />

        <QuoteBox quote={form.quote} priced={form.priced} repeat={form.values.repeat} fmt={form.fmt} />

        {failure && (
          <p className="form-failure" role="alert">
            Your request could not be sent: {failure}
          </p>
        )}
        <p className="actions">
          <button type="submit" className="button" disabled={sending}>
            {sending ? 'Sending…' : 'Send request'}
          </button>
        </p>
      </form>
    </section>
  );
}

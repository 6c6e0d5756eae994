/**
 * The request form for a picked slot (issue 25 item 2): the slot, guests, event type, add-ons,
 * an optional repeat with each date's clash, the venue's questions, contact details and the hire
 * agreement. The server's quote is shown before sending; every error shows at once beside its
 * field with the first focused; a refused slot shows the server's message and its nearest free
 * times as buttons. A hidden honeypot field catches form-filling robots.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { EVENT_TYPES, VERIFY_SENT_MESSAGE } from '@venue/contracts/bookings';
import { MONTHLY_SKIP_NOTE, MAX_SERIES_OCCURRENCES, seriesDates } from '@venue/contracts';
import { formatMoney, idempotencyKeys, useFocusFirstError } from '@venue/ui/light';
import { publicApi, venuePath } from '../api/client.ts';
import type { Alternative, QuoteAnswer, RequestAnswer, VenueProfile } from '../api/types.ts';
import { addDays, fromMinutes, toMinutes, venueToday, weekday } from '../lib/dates.ts';
import { Checkbox, RadioGroup, SelectField, TextArea, TextField } from '../ui/fields.tsx';
import { dayLabel, longDayLabel, timeLabel, timeRange } from '../ui/labels.ts';
import { messageOf } from '../ui/states.tsx';
import { useVenueFormat, type VenueFormat } from '../ui/venue-format.ts';
import type { PickedSlot } from './BookPage.tsx';
import {
  formProblems,
  NOTES_MAX,
  quoteBody,
  requestBody,
  serverProblems,
  slotRefusal,
  type FormErrors,
  type RequestFormValues,
} from './request-form.ts';

const STEP = 15;
const FREQUENCIES = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'fortnightly', label: 'Fortnightly' },
  { value: 'monthly', label: 'Monthly' },
];
const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

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
  const fmt = useVenueFormat();
  const today = venueToday(fmt.timezone);
  const lastDate = addDays(today, venue.online.windowDays);
  const [values, setValues] = useState<RequestFormValues>(() => ({
    resourceId: initial.resourceId,
    date: initial.date,
    startTime: initial.startTime,
    endTime: initial.endTime,
    guests: '',
    eventType: '',
    addOns: [],
    repeat: false,
    frequency: 'weekly',
    count: '4',
    answers: {},
    name: '',
    email: '',
    phone: '',
    notes: '',
    accepted: false,
    website: '',
  }));
  const [errors, setErrors] = useState<FormErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; alternatives: Alternative[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [keyFor] = useState(idempotencyKeys);
  const formRef = useFocusFirstError<HTMLFormElement>(attempt);
  const refusalRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const resource = venue.resources.find((r) => r.id === values.resourceId);
  const questions = venue.online.questions;

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);

  const set = <K extends keyof RequestFormValues>(key: K, value: RequestFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // A field put right loses its message; the others keep theirs until the next send.
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };
  const setAnswer = (id: string, value: string) => {
    setValues((v) => ({ ...v, answers: { ...v.answers, [id]: value } }));
    setErrors((e) => ({ ...e, [`answers.${id}`]: undefined }));
  };

  const priced = quoteBody(values);
  const quote = useQuery({
    queryKey: ['quote', venue.slug, priced],
    queryFn: () =>
      publicApi.api<QuoteAnswer>(venuePath(venue.slug, '/quote'), { method: 'POST', body: priced }),
    enabled: priced !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setRefusal(null);
    setFailure(null);
    const problems = formProblems(values, { today, lastDate, country: fmt.country, resource, questions });
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) {
      setAttempt((n) => n + 1);
      return;
    }
    const body = requestBody(values, questions, venue.online.agreement.version);
    setSending(true);
    try {
      const answer = await publicApi.api<RequestAnswer | undefined>(venuePath(venue.slug, '/requests'), {
        method: 'POST',
        body,
        idempotencyKey: keyFor(body),
      });
      // 202 without a body would still mean "check your e-mail" (the honeypot's answer too)
      onDone(answer ?? { status: 'verify', message: VERIFY_SENT_MESSAGE }, body.email);
    } catch (error) {
      const refused = slotRefusal(error);
      const fields = serverProblems(error);
      if (refused) setRefusal(refused);
      else if (Object.keys(fields).length > 0) {
        setErrors(fields);
        setAttempt((n) => n + 1);
      } else setFailure(messageOf(error));
    } finally {
      setSending(false);
    }
  };

  const takeAlternative = (a: Alternative) => {
    setValues((v) => ({ ...v, date: a.date, startTime: a.startTime, endTime: a.endTime }));
    setErrors((e) => ({ ...e, date: undefined, startTime: undefined, endTime: undefined }));
    setRefusal(null);
  };

  const hours = resource?.openingHours[values.date ? weekday(values.date) : 0];
  const open = hours?.open ? toMinutes(hours.open) : 0;
  const close = hours?.close ? toMinutes(hours.close) : 24 * 60;
  const startOptions = timeOptions(open, close - STEP, values.startTime, fmt);
  const endOptions = timeOptions(open + STEP, close, values.endTime, fmt);

  return (
    <section className="request" aria-labelledby="request-heading">
      <h2 id="request-heading" ref={headingRef} tabIndex={-1}>
        Request a booking
      </h2>
      <p>
        Tell {venue.name} about your event. They confirm every request by e-mail; nothing is booked or paid
        until they do.
      </p>
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)}>
        <fieldset className="group">
          <legend>When and where</legend>
          <SelectField
            label="Space"
            value={values.resourceId}
            onValue={(v) => set('resourceId', v)}
            options={venue.resources.map((r) => ({ value: r.id, label: r.name }))}
            error={errors.resourceId}
          />
          <TextField
            label="Date"
            type="date"
            value={values.date}
            min={today}
            max={lastDate}
            onValue={(v) => set('date', v)}
            hint={
              values.date && /^\d{4}-\d{2}-\d{2}$/.test(values.date)
                ? longDayLabel(values.date, fmt)
                : undefined
            }
            error={errors.date}
          />
          <div className="row">
            <SelectField
              label="Start time"
              value={values.startTime}
              onValue={(v) => set('startTime', v)}
              options={startOptions}
              placeholder="Choose…"
              error={errors.startTime}
            />
            <SelectField
              label="End time"
              value={values.endTime}
              onValue={(v) => set('endTime', v)}
              options={endOptions}
              placeholder="Choose…"
              error={errors.endTime}
            />
          </div>
          {hours && !hours.open && values.date && (
            <p className="hint">{resource?.name} is usually closed on this day of the week.</p>
          )}
          {refusal && (
            <div className="refusal" role="alert" tabIndex={-1} ref={refusalRef}>
              <p>{refusal.message}</p>
              {refusal.alternatives.length > 0 ? (
                <>
                  <p>The nearest free times:</p>
                  <ul className="slots">
                    {refusal.alternatives.map((a) => (
                      <li key={`${a.date}-${a.startTime}`}>
                        <button type="button" className="slot" onClick={() => takeAlternative(a)}>
                          {dayLabel(a.date, fmt)}, {timeRange(a.startTime, a.endTime, fmt)}
                        </button>
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <p>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => onChangeTime(values.resourceId)}
                  >
                    Choose another time on the calendar
                  </button>
                </p>
              )}
            </div>
          )}
          <p>
            <button type="button" className="link-button" onClick={() => onChangeTime(values.resourceId)}>
              Back to the calendar
            </button>
          </p>
        </fieldset>

        <fieldset className="group">
          <legend>Your event</legend>
          <TextField
            label="Guests"
            type="number"
            inputMode="numeric"
            min={1}
            max={resource?.capacity || undefined}
            value={values.guests}
            onValue={(v) => set('guests', v)}
            hint={
              resource && resource.capacity > 0
                ? `${resource.name} holds up to ${resource.capacity}.`
                : undefined
            }
            error={errors.guests}
          />
          <SelectField
            label="Event type"
            value={values.eventType}
            onValue={(v) => set('eventType', v)}
            options={EVENT_TYPES.map((t) => ({ value: t, label: t }))}
            placeholder="Choose…"
            error={errors.eventType}
          />
          {venue.addOns.length > 0 && (
            <fieldset className="field">
              <legend>
                Add-ons <span className="optional">(optional)</span>
              </legend>
              {venue.addOns.map((a) => (
                <Checkbox
                  key={a.id}
                  checked={values.addOns.includes(a.id)}
                  onChecked={(on) =>
                    set('addOns', on ? [...values.addOns, a.id] : values.addOns.filter((id) => id !== a.id))
                  }
                  label={
                    <>
                      {a.name} ({formatMoney(a.priceCents, fmt)}
                      {a.unit ? ` ${a.unit}` : ''})
                    </>
                  }
                />
              ))}
            </fieldset>
          )}
          <Checkbox
            label="Repeat this booking"
            checked={values.repeat}
            onChecked={(on) => set('repeat', on)}
          />
          {values.repeat && (
            <div className="repeat">
              <div className="row">
                <SelectField
                  label="Repeats"
                  value={values.frequency}
                  onValue={(v) => set('frequency', v as RequestFormValues['frequency'])}
                  options={FREQUENCIES}
                />
                <TextField
                  label="Number of dates"
                  type="number"
                  inputMode="numeric"
                  min={2}
                  max={MAX_SERIES_OCCURRENCES}
                  value={values.count}
                  onValue={(v) => set('count', v)}
                  hint="The first date included."
                  error={errors.count}
                />
              </div>
              <RepeatDates values={values} quote={quote.data} loading={quote.isFetching} fmt={fmt} />
            </div>
          )}
        </fieldset>

        {questions.length > 0 && (
          <fieldset className="group">
            <legend>A few questions from {venue.name}</legend>
            {questions.map((q) => {
              const error = errors[`answers.${q.id}`];
              const value = values.answers[q.id] ?? '';
              if (q.kind === 'yesno')
                return (
                  <RadioGroup
                    key={q.id}
                    legend={q.label}
                    required={q.required}
                    options={YES_NO}
                    value={value}
                    onValue={(v) => setAnswer(q.id, v)}
                    error={error}
                  />
                );
              if (q.kind === 'choice')
                return (
                  <SelectField
                    key={q.id}
                    label={q.label}
                    required={q.required}
                    value={value}
                    onValue={(v) => setAnswer(q.id, v)}
                    options={(q.options ?? []).map((o) => ({ value: o, label: o }))}
                    placeholder="Choose…"
                    error={error}
                  />
                );
              return (
                <TextField
                  key={q.id}
                  label={q.label}
                  required={q.required}
                  value={value}
                  maxLength={1000}
                  onValue={(v) => setAnswer(q.id, v)}
                  error={error}
                />
              );
            })}
          </fieldset>
        )}

        <fieldset className="group">
          <legend>Your details</legend>
          <TextField
            label="Your name"
            autoComplete="name"
            value={values.name}
            maxLength={200}
            onValue={(v) => set('name', v)}
            error={errors.name}
          />
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            value={values.email}
            maxLength={254}
            onValue={(v) => set('email', v)}
            error={errors.email}
          />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            value={values.phone}
            maxLength={40}
            onValue={(v) => set('phone', v)}
            error={errors.phone}
          />
          <TextArea
            label="Anything else the venue should know"
            required={false}
            value={values.notes}
            maxLength={NOTES_MAX}
            onValue={(v) => set('notes', v)}
            error={errors.notes}
          />
          {/* The honeypot: off screen and out of the tab order; a person never fills it in. */}
          <div className="hp" aria-hidden="true">
            <label>
              Website
              <input
                name="website"
                tabIndex={-1}
                autoComplete="off"
                value={values.website}
                onChange={(e) => set('website', e.target.value)}
              />
            </label>
          </div>
        </fieldset>

        <fieldset className="group">
          <legend>Hire agreement</legend>
          <Terms venue={venue} fmt={fmt} />
          <Checkbox
            label={
              <>
                I have read and accept the hire agreement (version {venue.online.agreement.version}) and the
                cancellation terms
              </>
            }
            checked={values.accepted}
            onChecked={(on) => set('accepted', on)}
            error={errors.accepted}
          />
        </fieldset>

        <QuoteBox quote={quote} priced={priced !== null} repeat={values.repeat} fmt={fmt} />

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

/** Times on the quarter hour between `from` and `to`, with the current value kept if off the grid. */
function timeOptions(from: number, to: number, current: string, fmt: VenueFormat) {
  const minutes = new Set<number>();
  for (let m = from; m <= to; m += STEP) minutes.add(m);
  if (current) minutes.add(toMinutes(current));
  return [...minutes]
    .filter((m) => Number.isFinite(m))
    .sort((a, b) => a - b)
    .map((m) => ({ value: fromMinutes(m), label: timeLabel(m, fmt) }));
}

function Terms({ venue, fmt }: { venue: VenueProfile; fmt: VenueFormat }) {
  const { agreement } = venue.online;
  return (
    <div className="terms">
      <h3>
        Hire agreement <span className="hint-inline">version {agreement.version}</span>
      </h3>
      <div className="terms-text" tabIndex={0} role="region" aria-label="Hire agreement text">
        {paragraphs(agreement.text)}
      </div>
      <h3>Cancellation terms</h3>
      <div className="terms-text" tabIndex={0} role="region" aria-label="Cancellation terms text">
        {paragraphs(agreement.cancellationTerms)}
      </div>
      <p className="hint">Last changed {longDayLabel(agreement.updatedAt.slice(0, 10), fmt)}.</p>
    </div>
  );
}

function paragraphs(text: string) {
  return text
    .split(/\n{2,}/)
    .filter((p) => p.trim())
    .map((p, i) => <p key={i}>{p}</p>);
}

function RepeatDates({
  values,
  quote,
  loading,
  fmt,
}: {
  values: RequestFormValues;
  quote: QuoteAnswer | undefined;
  loading: boolean;
  fmt: VenueFormat;
}) {
  const count = Number(values.count);
  if (!values.date || !Number.isInteger(count) || count < 2) return null;
  const { dates, skipped } = seriesDates(values.date, { frequency: values.frequency, count });
  const clashes = new Map((quote?.occurrences ?? []).map((o) => [o.date, o.clash]));
  const known = quote?.occurrences !== undefined;
  return (
    <div className="repeat-dates">
      <h3 className="small-heading">The dates</h3>
      <ul aria-busy={loading}>
        {dates.map((d) => {
          const clash = clashes.get(d);
          return (
            <li key={d} className={clash ? 'clash' : undefined}>
              {longDayLabel(d, fmt)}:{' '}
              {!known || !clashes.has(d) ? (
                <span className="hint-inline">checking…</span>
              ) : clash ? (
                <span>Not free: {clash}</span>
              ) : (
                <span>Free</span>
              )}
            </li>
          );
        })}
      </ul>
      {values.frequency === 'monthly' && skipped.length > 0 && <p className="hint">{MONTHLY_SKIP_NOTE}</p>}
      <p className="hint">Only the free dates are requested.</p>
    </div>
  );
}

function QuoteBox({
  quote,
  priced,
  repeat,
  fmt,
}: {
  quote: UseQueryResult<QuoteAnswer>;
  priced: boolean;
  repeat: boolean;
  fmt: VenueFormat;
}) {
  return (
    <section
      className="quote"
      aria-labelledby="quote-heading"
      aria-live="polite"
      aria-busy={quote.isFetching}
    >
      <h3 id="quote-heading">Price</h3>
      {!priced ? (
        <p className="hint">Choose a date and times to see the price.</p>
      ) : quote.isError ? (
        <p className="error">No price for this choice: {messageOf(quote.error)}</p>
      ) : !quote.data ? (
        <p role="status">Working out the price…</p>
      ) : (
        <>
          <table className="quote-lines">
            <tbody>
              {quote.data.lines.map((l, i) => (
                <tr key={i}>
                  <th scope="row">{l.label}</th>
                  <td>{formatMoney(l.amountCents, fmt)}</td>
                </tr>
              ))}
              <tr className="total">
                <th scope="row">
                  {repeat && quote.data.seriesTotalCents !== undefined ? 'Each date' : 'Total'}
                </th>
                <td>{formatMoney(quote.data.totalCents, fmt)}</td>
              </tr>
              {repeat && quote.data.seriesTotalCents !== undefined && (
                <tr className="total">
                  <th scope="row">All free dates</th>
                  <td>{formatMoney(quote.data.seriesTotalCents, fmt)}</td>
                </tr>
              )}
            </tbody>
          </table>
          {quote.data.gstCents > 0 && (
            <p className="hint">
              {repeat && quote.data.seriesTotalCents !== undefined ? 'Each date includes' : 'Includes'} GST of{' '}
              {formatMoney(quote.data.gstCents, fmt)}.
            </p>
          )}
          <p className="hint">The venue confirms the final price with your booking.</p>
        </>
      )}
    </section>
  );
}

/** The request form's event: guests, event type, add-ons and an optional repeat with its dates. */
import { EVENT_TYPES } from '@venue/contracts/bookings';
import { MONTHLY_SKIP_NOTE, MAX_SERIES_OCCURRENCES, seriesDates } from '@venue/contracts';
import { formatMoney } from '@venue/ui/light';
import type { QuoteAnswer, VenueProfile } from '../api/types.ts';
import { Checkbox, SelectField, TextField } from '../ui/fields.tsx';
import { longDayLabel } from '../ui/labels.ts';
import type { VenueFormat } from '../ui/venue-format.ts';
import type { RequestFormValues } from './request-form.ts';
import type { RequestFormState } from './useRequestForm.ts';

const FREQUENCIES = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'fortnightly', label: 'Fortnightly' },
  { value: 'monthly', label: 'Monthly' },
];

export function YourEvent({ venue, form }: { venue: VenueProfile; form: RequestFormState }) {
  const { fmt, values, errors, set, resource, quote } = form;
  return (
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
          resource && resource.capacity > 0 ? `${resource.name} holds up to ${resource.capacity}.` : undefined
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
      <Checkbox label="Repeat this booking" checked={values.repeat} onChecked={(on) => set('repeat', on)} />
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
  );
}

/** Each date of the repeat, with whether it is free as the server's quote says. */
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

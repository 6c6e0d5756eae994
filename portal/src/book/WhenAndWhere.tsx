/** The request form's slot: the space, the date and the times, and a refused slot's free times. */
import { fromMinutes, toMinutes, weekday } from '../lib/dates.ts';
import { SelectField, TextField } from '../ui/fields.tsx';
import { dayLabel, longDayLabel, timeLabel, timeRange } from '../ui/labels.ts';
import type { VenueFormat } from '../ui/venue-format.ts';
import type { VenueProfile } from '../api/types.ts';
import type { RequestFormState } from './useRequestForm.ts';

const STEP = 15;

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

export function WhenAndWhere({
  venue,
  form,
  onChangeTime,
}: {
  venue: VenueProfile;
  form: RequestFormState;
  onChangeTime: (resourceId?: string) => void;
}) {
  const { fmt, values, errors, set, resource } = form;
  const hours = resource?.openingHours[values.date ? weekday(values.date) : 0];
  const open = hours?.open ? toMinutes(hours.open) : 0;
  const close = hours?.close ? toMinutes(hours.close) : 24 * 60;
  const startOptions = timeOptions(open, close - STEP, values.startTime, fmt);
  const endOptions = timeOptions(open + STEP, close, values.endTime, fmt);
  return (
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
        min={form.today}
        max={form.lastDate}
        onValue={(v) => set('date', v)}
        hint={
          values.date && /^\d{4}-\d{2}-\d{2}$/.test(values.date) ? longDayLabel(values.date, fmt) : undefined
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
      <Refusal form={form} onChangeTime={onChangeTime} />
      <p>
        <button type="button" className="link-button" onClick={() => onChangeTime(values.resourceId)}>
          Back to the calendar
        </button>
      </p>
    </fieldset>
  );
}

/** The server's refusal of the slot, with its nearest free times as buttons (or the calendar). */
function Refusal({
  form: { refusal, refusalRef, takeAlternative, values, fmt },
  onChangeTime,
}: {
  form: RequestFormState;
  onChangeTime: (resourceId?: string) => void;
}) {
  if (!refusal) return null;
  return (
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
          <button type="button" className="link-button" onClick={() => onChangeTime(values.resourceId)}>
            Choose another time on the calendar
          </button>
        </p>
      )}
    </div>
  );
}

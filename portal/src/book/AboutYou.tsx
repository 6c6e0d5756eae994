/** The request form's venue questions and the person's contact details (with the honeypot). */
import { RadioGroup, SelectField, TextArea, TextField } from '../ui/fields.tsx';
import type { VenueProfile } from '../api/types.ts';
import { NOTES_MAX } from './request-form.ts';
import type { RequestFormState } from './useRequestForm.ts';

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

export function VenueQuestions({
  venue,
  form: { questions, errors, values, setAnswer },
}: {
  venue: VenueProfile;
  form: RequestFormState;
}) {
  if (questions.length === 0) return null;
  return (
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
  );
}

export function YourDetails({ form: { values, errors, set } }: { form: RequestFormState }) {
  return (
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
  );
}

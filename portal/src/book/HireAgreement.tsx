/** The request form's hire agreement and cancellation terms, and the box that accepts them. */
import type { VenueProfile } from '../api/types.ts';
import { Checkbox } from '../ui/fields.tsx';
import { longDayLabel } from '../ui/labels.ts';
import type { VenueFormat } from '../ui/venue-format.ts';
import type { RequestFormState } from './useRequestForm.ts';

export function HireAgreement({
  venue,
  form: { fmt, values, errors, set },
}: {
  venue: VenueProfile;
  form: RequestFormState;
}) {
  return (
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
  );
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

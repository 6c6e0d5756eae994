/**
 * Sign-in to `/my` by a link e-mailed for one venue (decision 56). The answer never says whether
 * the address is known: the same sentence follows every well-formed address.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { EMAIL_PATTERN } from '@venue/contracts';
import { idempotencyKeys } from '@venue/ui/light';
import { publicApi, venuePath } from '../api/client.ts';
import { venueQuery } from '../api/queries.ts';
import { TextField } from '../ui/fields.tsx';
import { messageOf } from '../ui/states.tsx';
import { rememberedVenue } from './remembered-venue.ts';

/** Said after every well-formed address, unless the server says it in its own words. */
export const LINK_SENT =
  'If that address has bookings with us, a link is on its way. It works once, within 30 minutes.';

/** Why an address cannot be sent, or null. */
function emailProblem(address: string): string | null {
  return !address
    ? 'Please fill in your e-mail address'
    : !EMAIL_PATTERN.test(address)
      ? 'Please enter a valid email address'
      : null;
}

/** The address, checked here first, and the request for the link (once per address). */
function useSignInLink(slug: string | null) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ address: string; message: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [keyFor] = useState(idempotencyKeys);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    setFailure(null);
    const problem = emailProblem(address);
    setError(problem);
    if (problem) {
      form.current?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    setSending(true);
    try {
      const body = { email: address };
      const answer = await publicApi.api<{ message?: string } | undefined>(venuePath(slug!, '/portal-link'), {
        method: 'POST',
        body,
        idempotencyKey: keyFor(body),
      });
      setSent({ address, message: answer?.message ?? LINK_SENT });
    } catch (e) {
      setFailure(messageOf(e));
    } finally {
      setSending(false);
    }
  };

  return {
    email,
    error,
    sent,
    failure,
    sending,
    form,
    submit,
    anotherAddress: () => setSent(null),
    changeEmail: (value: string) => {
      setEmail(value);
      setError(null);
    },
  };
}

export function SignInForm({ notice }: { notice?: string }) {
  const [search] = useSearchParams();
  const slug = search.get('venue') ?? rememberedVenue();
  const venue = useQuery(venueQuery(slug ?? ''));
  const link = useSignInLink(slug);
  const name = venue.data?.name;
  return (
    <main className="page narrow">
      <h1>{name ? `Your bookings with ${name}` : 'Your bookings'}</h1>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {!slug ? (
        <p>
          To sign in, open the booking page of your venue and choose “Your bookings”, or use the link in an
          e-mail from the venue.
        </p>
      ) : link.sent ? (
        <div role="status" className="notice">
          <p>{link.sent.message}</p>
          <p>
            Look in the inbox of <strong>{link.sent.address}</strong>; the e-mail can take a minute.
          </p>
          <button type="button" className="link-button" onClick={link.anotherAddress}>
            Use another address
          </button>
        </div>
      ) : (
        <form ref={link.form} noValidate onSubmit={(e) => void link.submit(e)}>
          <p>
            No password needed: enter the e-mail address you booked with and we will e-mail you a link that
            signs you in.
          </p>
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            value={link.email}
            maxLength={254}
            onValue={link.changeEmail}
            error={link.error}
          />
          {link.failure && (
            <p className="form-failure" role="alert">
              The link could not be sent: {link.failure}
            </p>
          )}
          <p className="actions">
            <button type="submit" className="button" disabled={link.sending}>
              {link.sending ? 'Sending…' : 'E-mail me a sign-in link'}
            </button>
          </p>
        </form>
      )}
    </main>
  );
}

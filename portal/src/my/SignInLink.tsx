/**
 * `/my/sign-in?token=…`: the e-mailed link. Spends the token once (the session starts, its
 * token leaves the address bar) and opens the customer's bookings; a used or expired link offers
 * a new one.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { startPortalSession } from '../api/client.ts';
import { Loading, messageOf } from '../ui/states.tsx';
import { SignInForm } from './SignInForm.tsx';

/** React's development double effects must not spend a link twice. */
const spending = new Map<string, Promise<void>>();

export default function SignInLink() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(token ? null : 'This sign-in link is incomplete.');

  useEffect(() => {
    if (!token) return;
    let live = true;
    let p = spending.get(token);
    if (!p) {
      p = startPortalSession(token);
      spending.set(token, p);
    }
    p.then(
      () => live && navigate('/my', { replace: true }),
      (error: unknown) => live && setFailure(messageOf(error)),
    );
    return () => {
      live = false;
    };
  }, [token, navigate]);

  if (failure) return <SignInForm notice={`${failure} Ask for a new link below.`} />;
  return (
    <main className="page narrow">
      <h1>Signing you in</h1>
      <Loading label="Opening your bookings…" />
    </main>
  );
}

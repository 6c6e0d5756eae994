/**
 * The frame of every signed-in page of `/my`: it resumes the session from the refresh cookie
 * (30 days, decision 56), shows the sign-in form when there is none, and otherwise the venue,
 * who is signed in, the sections and "Sign out".
 */
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { endPortalSession, portalApi, portalSession, refreshPortalSession } from '../api/client.ts';
import { venueQuery } from '../api/queries.ts';
import type { Me } from '../api/types.ts';
import { ErrorMessage, Loading } from '../ui/states.tsx';
import { DEFAULT_FORMAT, formatOf, VenueFormatContext } from '../ui/venue-format.ts';
import { rememberVenue } from './remembered-venue.ts';
import { SignInForm } from './SignInForm.tsx';

export function usePortalSession() {
  const session = useSyncExternalStore(portalSession.subscribe, portalSession.get);
  const resume = useQuery({
    queryKey: ['portal', 'resume'],
    queryFn: refreshPortalSession,
    enabled: session.state === 'unknown',
    retry: false,
    staleTime: Infinity,
  });
  return { session, resume };
}

const SECTIONS = [
  { to: '/my', label: 'Bookings' },
  { to: '/my/quotations', label: 'Quotations' },
  { to: '/my/invoices', label: 'Invoices' },
];

export function PortalFrame({ title, children }: { title: string; children: ReactNode }) {
  const { session, resume } = usePortalSession();
  if (session.state === 'unknown')
    return (
      <main className="page narrow">
        <h1>Your bookings</h1>
        {resume.isError ? (
          <ErrorMessage error={resume.error} onRetry={() => void resume.refetch()} />
        ) : (
          <Loading label="Signing you in…" />
        )}
      </main>
    );
  if (session.state === 'signed-out') return <SignInForm />;
  return <SignedIn title={title}>{children}</SignedIn>;
}

function SignedIn({ title, children }: { title: string; children: ReactNode }) {
  const me = useQuery({
    queryKey: ['portal', 'me'],
    queryFn: () => portalApi.api<Me>('/api/portal/me'),
    staleTime: 5 * 60_000,
  });
  const slug = me.data?.venue.slug;
  const venue = useQuery(venueQuery(slug ?? ''));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    if (slug) rememberVenue(slug);
  }, [slug]);
  useEffect(() => {
    document.title = me.data ? `${title} · ${me.data.venue.name}` : title;
  }, [title, me.data]);

  const signOut = async () => {
    try {
      await endPortalSession();
    } finally {
      queryClient.removeQueries({ queryKey: ['portal'] });
      navigate(slug ? `/my?venue=${encodeURIComponent(slug)}` : '/my');
    }
  };

  return (
    <VenueFormatContext.Provider value={venue.data ? formatOf(venue.data) : DEFAULT_FORMAT}>
      <header className="portal-header">
        <div className="portal-header-inner">
          <p className="portal-venue">{me.data?.venue.name ?? 'Your bookings'}</p>
          <div className="portal-who">
            {me.data && <span className="hint-inline">Signed in as {me.data.email}</span>}
            <button type="button" className="button secondary small" onClick={() => void signOut()}>
              Sign out
            </button>
          </div>
        </div>
        <nav aria-label="Your account" className="portal-nav">
          {SECTIONS.map((s) => {
            const current =
              s.to === '/my' ? pathname === '/my' || pathname.startsWith('/my/bookings') : pathname === s.to;
            return (
              <Link key={s.to} to={s.to} aria-current={current ? 'page' : undefined}>
                {s.label}
              </Link>
            );
          })}
          {slug && <Link to={`/book/${encodeURIComponent(slug)}`}>Book again</Link>}
        </nav>
      </header>
      <main className="page" id="main">
        <h1>{title}</h1>
        {me.isError ? <ErrorMessage error={me.error} onRetry={() => void me.refetch()} /> : children}
      </main>
    </VenueFormatContext.Provider>
  );
}

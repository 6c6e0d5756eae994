/** Loading, error, empty and not-found states, in plain accessible HTML (no Mantine here). */
import type { ReactNode } from 'react';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="state state-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

export function ErrorMessage({
  title = 'Something went wrong',
  error,
  onRetry,
}: {
  title?: string;
  error: unknown;
  onRetry?: () => void;
}) {
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">{title}</p>
      <p>{messageOf(error)}</p>
      {onRetry && (
        <button type="button" className="button secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="state state-empty">{children}</p>;
}

export function NotFound() {
  return (
    <main className="page narrow">
      <h1>Page not found</h1>
      <p>This address does not lead to a page. Check the link you followed, or ask the venue for theirs.</p>
    </main>
  );
}

/** The server's words when it gave some, else a plain sentence (never a stack trace). */
export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message.trim()) {
    if (error.message === 'Failed to fetch' || error.name === 'TypeError')
      return 'The connection failed. Check that you are online and try again.';
    return error.message;
  }
  return 'Please try again in a moment.';
}

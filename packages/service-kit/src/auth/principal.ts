import { INTERNAL_AUTH_HEADER, SERVICES, type Principal, type PrincipalLookup } from '@venue/contracts';
import { HttpError } from '../errors.ts';
import { serviceUrl } from '../events/relay.ts';
import { internalSecret } from './tokens.ts';

const ADMIN_AREA = SERVICES.find((s) => s.name === 'admin')?.area ?? 'Accounts & settings';
const unavailable = () =>
  new HttpError(503, `${ADMIN_AREA} is unavailable right now. Please try again shortly.`);

/**
 * Asks services/admin for the current principal of a caller that came without the gateway's
 * signed principal (a direct call). With a session id admin also checks that the session is
 * live. No cache here: direct calls are the rare path, and the answer must be current.
 */
export async function fetchPrincipal(userId: string, sessionId?: string): Promise<PrincipalLookup> {
  const query = `?sid=${encodeURIComponent(sessionId ?? '')}`;
  let res: Response;
  try {
    res = await fetch(`${serviceUrl('admin')}/internal/principals/${encodeURIComponent(userId)}${query}`, {
      headers: { [INTERNAL_AUTH_HEADER]: internalSecret(), accept: 'application/json' },
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    throw unavailable();
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw unavailable();
  }
  return (await res.json()) as PrincipalLookup;
}

/** A resolver's answer in the lookup shape (resolvers given in tests answer a bare Principal). */
export function asLookup(answer: Principal | PrincipalLookup | null): PrincipalLookup {
  if (!answer) return { status: 'ended', reason: 'deleted' };
  return 'status' in answer ? answer : { status: 'live', principal: answer };
}

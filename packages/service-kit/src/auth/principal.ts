import { INTERNAL_AUTH_HEADER, SERVICES, type Principal } from '@venue/contracts';
import { HttpError } from '../errors.ts';
import { serviceUrl } from '../events/relay.ts';
import { internalSecret } from './tokens.ts';

const ADMIN_AREA = SERVICES.find((s) => s.name === 'admin')?.area ?? 'Accounts & settings';

/**
 * Asks services/admin for the current principal (no caching: a permission change or
 * deactivation must apply on the next request). 404 means deleted or inactive.
 */
export async function fetchPrincipal(userId: string): Promise<Principal | null> {
  let res: Response;
  try {
    res = await fetch(`${serviceUrl('admin')}/internal/principals/${encodeURIComponent(userId)}`, {
      headers: { [INTERNAL_AUTH_HEADER]: internalSecret(), accept: 'application/json' },
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    throw new HttpError(503, `${ADMIN_AREA} is unavailable right now. Please try again shortly.`);
  }
  if (res.status === 404) {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new HttpError(503, `${ADMIN_AREA} is unavailable right now. Please try again shortly.`);
  }
  return (await res.json()) as Principal;
}

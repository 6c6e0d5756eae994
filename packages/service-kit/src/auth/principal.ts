import { SERVICES, type Principal, type PrincipalLookup } from '@venue/contracts';
import { principalLookupSchema } from '@venue/contracts/internal';
import { HttpError } from '../errors.ts';
import { callService } from '../http/internal-client.ts';

const ADMIN_AREA = SERVICES.find((s) => s.name === 'admin')?.area ?? 'Accounts & settings';
const unavailable = () =>
  new HttpError(503, `${ADMIN_AREA} is unavailable right now. Please try again shortly.`);

/**
 * Asks services/admin for the current principal of a caller that came without the gateway's
 * signed principal (a direct call). With a session id admin also checks that the session is
 * live. No cache here: direct calls are the rare path, and the answer must be current.
 */
export async function fetchPrincipal(userId: string, sessionId?: string): Promise<PrincipalLookup> {
  try {
    return await callService({
      service: 'admin',
      path: `/internal/principals/${encodeURIComponent(userId)}?sid=${encodeURIComponent(sessionId ?? '')}`,
      response: principalLookupSchema,
      timeoutMs: 5000,
    });
  } catch {
    throw unavailable();
  }
}

/** A resolver's answer in the lookup shape (resolvers given in tests answer a bare Principal). */
export function asLookup(answer: Principal | PrincipalLookup | null): PrincipalLookup {
  if (!answer) return { status: 'ended', reason: 'deleted' };
  return 'status' in answer ? answer : { status: 'live', principal: answer };
}

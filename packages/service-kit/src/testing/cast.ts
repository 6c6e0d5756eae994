/**
 * The people a service test signs in as: principals built the way admin describes them, gathered
 * in a cast that answers the service's `resolvePrincipal` (so no admin has to run) and knows which
 * of them are venues (their settings are delivered at the start, as admin publishes them for each
 * account). Each service's harness names its own cast; the shape of a principal is written here.
 */
import { createHash } from 'node:crypto';
import type { Principal } from '@venue/contracts';
import type { TestKeys } from './keys.ts';

/** A principal for tests (hall owner of itself unless told otherwise). */
export function makePrincipal(p: Partial<Principal> & Pick<Principal, 'userId'>): Principal {
  const role = p.role ?? 'hall_owner';
  return {
    email: `${p.userId.slice(0, 8)}@example.test`,
    name: null,
    role,
    tenantId: p.userId,
    parentUserId: null,
    permissions: [],
    tokenVersion: 1,
    ...p,
  };
}

export interface CastSpec {
  /** Hall owners, each its own venue: an id, or a principal where one needs more (its e-mail). */
  owners: Array<string | Principal>;
  /**
   * Staff (sub-users) of the first owner's venue, by user id: the page keys each holds. A page's
   * permission tests want one who holds its key and one who does not.
   */
  staff?: Record<string, Principal['permissions']>;
  /** Super admins: each its own tenant, with the role that sees every venue. */
  superAdmins?: string[];
}

export interface Cast {
  /** The principals by user id; a test may add one (a venue that joins later). */
  directory: Map<string, Principal>;
  /** What the service's `resolvePrincipal` answers: the principal, or null for a stranger. */
  resolvePrincipal(userId: string): Promise<Principal | null>;
  /** The venues: every principal that is its own tenant (hall owners and super admins). */
  tenants(): string[];
}

export function testCast({ owners, staff = {}, superAdmins = [] }: CastSpec): Cast {
  const principals = owners.map((o) => (typeof o === 'string' ? makePrincipal({ userId: o }) : o));
  const venue = principals[0]?.userId;
  for (const [userId, permissions] of Object.entries(staff)) {
    if (!venue) throw new Error('a cast with staff needs an owner for them to work for');
    principals.push(
      makePrincipal({ userId, role: 'sub_user', tenantId: venue, parentUserId: venue, permissions }),
    );
  }
  for (const userId of superAdmins) principals.push(makePrincipal({ userId, role: 'super_admin' }));
  const directory = new Map(principals.map((p) => [p.userId, p]));
  return {
    directory,
    resolvePrincipal: async (userId) => directory.get(userId) ?? null,
    tenants: () => [...directory.values()].filter((p) => p.userId === p.tenantId).map((p) => p.tenantId),
  };
}

/**
 * The user id of the cast member `name` in the tests of `world`: a v4 UUID made from the two
 * names, the same on every run. The harnesses of one world share their people, as one admin's
 * users: comms' tests deliver the events of bookings' and insights' OWNER as its own OWNER's.
 * A harness whose people must stay apart (money's venue, which comms' tests keep beside comms'
 * own) names a world of its own.
 */
export function castUserId(world: string, name: string): string {
  const h = createHash('sha256').update(`${world}/${name}`).digest('hex');
  const variant = '89ab'[parseInt(h[16]!, 16) % 4];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface NamedCastSpec<O extends string, S extends string, A extends string> {
  /** The hall owners by name, each its own venue; the first is the venue of the staff. */
  owners: readonly O[];
  /** Staff of the first owner's venue by name: the page keys each holds. */
  staff?: Record<S, Principal['permissions']>;
  superAdmins?: readonly A[];
  /** What an owner has other than the defaults (the e-mail address a test reads back). */
  details?: Partial<Record<O, Partial<Principal>>>;
}

/**
 * A service harness's cast, its members named: their user ids by name (`castUserId`) and the
 * cast they make, so a harness writes its people once, as names and page keys.
 */
export function namedCast<O extends string, S extends string = never, A extends string = never>(
  world: string,
  { owners, staff, superAdmins = [], details = {} }: NamedCastSpec<O, S, A>,
): { ids: Record<O | S | A, string>; cast: Cast } {
  const names: Array<O | S | A> = [...owners, ...(Object.keys(staff ?? {}) as S[]), ...superAdmins];
  const ids = Object.fromEntries(names.map((n) => [n, castUserId(world, n)])) as Record<O | S | A, string>;
  const cast = testCast({
    owners: owners.map((n) => makePrincipal({ ...details[n], userId: ids[n] })),
    staff: Object.fromEntries(
      Object.entries<Principal['permissions']>(staff ?? {}).map(([n, keys]) => [ids[n as S], keys]),
    ),
    superAdmins: superAdmins.map((n) => ids[n]),
  });
  return { ids, cast };
}

/** An access token for `p` as admin issues it at sign-in (its role, venue and token version). */
export function accessToken(keys: TestKeys, p: Principal): Promise<string> {
  return keys.token({ sub: p.userId, role: p.role, tid: p.tenantId, pv: p.tokenVersion });
}

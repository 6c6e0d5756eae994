import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ServiceOptions } from '../kit.ts';
import { testKeys } from './keys.ts';
import { makePrincipal, startTestService, assertTenantTablesHaveRls, type TestService } from './index.ts';

export interface UnbuiltEndpoint {
  /** Path for the caller's own tenant; `{owner}` is replaced by the owner id. */
  path: string;
  /** The 501 message the owner gets. */
  message: string;
  /** Whether the path or query names an owner id (then another owner's id must be refused). */
  namesOwner?: boolean;
}

const OWNER = '0a000000-0000-4000-8000-000000000001';
const OTHER = '0b000000-0000-4000-8000-000000000002';
const SUB = '0c000000-0000-4000-8000-000000000003';

/**
 * The shared suite of a service whose domain is not built yet: healthy, RLS on its tables,
 * 401 without a token, 403 for a sub-user without the page key, 501 "not available yet" for
 * the owner (never invented data) and 403 for another owner's id.
 */
export function describeUnbuiltArea(options: ServiceOptions, endpoints: UnbuiltEndpoint[]): void {
  const directory = new Map([
    [OWNER, makePrincipal({ userId: OWNER })],
    [OTHER, makePrincipal({ userId: OTHER })],
    // A sub-user of OWNER holding an unrelated page key only.
    [
      SUB,
      makePrincipal({
        userId: SUB,
        role: 'sub_user',
        tenantId: OWNER,
        parentUserId: OWNER,
        permissions: ['help'],
      }),
    ],
  ]);
  const pathFor = (e: UnbuiltEndpoint, owner: string) => e.path.replace('{owner}', owner);

  describe(`${options.name} service`, () => {
    let t: TestService;
    let owner: string;
    let sub: string;

    before(async () => {
      const keys = await testKeys();
      t = await startTestService({ ...options, resolvePrincipal: async (id) => directory.get(id) ?? null });
      owner = await keys.token({ sub: OWNER, role: 'hall_owner', tid: OWNER, pv: 1 });
      sub = await keys.token({ sub: SUB, role: 'sub_user', tid: OWNER, pv: 1 });
    });
    after(() => t.close());

    async function get(path: string, token?: string) {
      const res = await fetch(t.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      return { status: res.status, body: (await res.json()) as unknown };
    }

    it('is healthy and keeps every tenant table behind row-level security', async () => {
      // /health also reports the release and the schema (version, schema): checked elsewhere.
      const health = await get('/health');
      const body = health.body as { status?: unknown; service?: unknown; db?: unknown };
      assert.deepEqual(
        { status: health.status, body: { status: body.status, service: body.service, db: body.db } },
        { status: 200, body: { status: 'ok', service: options.name, db: 'ok' } },
      );
      await assertTenantTablesHaveRls(t.kit);
    });

    it('401 without a token', async () => {
      for (const e of endpoints) assert.equal((await get(pathFor(e, OWNER))).status, 401, e.path);
    });

    it('403 for a sub-user without the page key', async () => {
      for (const e of endpoints) assert.equal((await get(pathFor(e, OWNER), sub)).status, 403, e.path);
    });

    it('501 "not available yet" for the owner, never invented data', async () => {
      for (const e of endpoints) {
        assert.deepEqual(await get(pathFor(e, OWNER), owner), { status: 501, body: { message: e.message } });
      }
    });

    const ownerScoped = endpoints.filter((x) => x.namesOwner);
    // Only where an endpoint names an owner id: an empty loop would be a test that cannot fail.
    if (ownerScoped.length === 0) return;
    it("403 when the path or query names another owner's id", async () => {
      for (const e of ownerScoped) {
        assert.deepEqual(await get(pathFor(e, OTHER), owner), {
          status: 403,
          body: { message: 'You can only access your own hall data.' },
        });
      }
    });
  });
}

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ServiceOptions } from '../kit.ts';
import { testCast } from './cast.ts';
import { startServiceHarness, type ServiceHarness } from './harness.ts';
import { assertTenantTablesHaveRls } from './index.ts';

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
  // The sub-user holds an unrelated page key only.
  const cast = testCast({ owners: [OWNER, OTHER], staff: { [SUB]: ['help'] } });
  const pathFor = (e: UnbuiltEndpoint, owner: string) => e.path.replace('{owner}', owner);

  describe(`${options.name} service`, () => {
    let h: ServiceHarness;

    // No settings delivered: a service with nothing built may not consume them yet.
    before(async () => {
      h = await startServiceHarness(options, { cast, settings: {} });
    });
    after(() => h.close());

    async function get(path: string, as?: string) {
      const { status, body } = await h.call('GET', path, as);
      return { status, body: body as unknown };
    }

    it('is healthy and keeps every tenant table behind row-level security', async () => {
      // /health also reports the release and the schema (version, schema): checked elsewhere.
      const health = await get('/health');
      const body = health.body as { status?: unknown; service?: unknown; db?: unknown };
      assert.deepEqual(
        { status: health.status, body: { status: body.status, service: body.service, db: body.db } },
        { status: 200, body: { status: 'ok', service: options.name, db: 'ok' } },
      );
      await assertTenantTablesHaveRls(h.t.kit);
    });

    it('401 without a token', async () => {
      for (const e of endpoints) assert.equal((await get(pathFor(e, OWNER))).status, 401, e.path);
    });

    it('403 for a sub-user without the page key', async () => {
      for (const e of endpoints) assert.equal((await get(pathFor(e, OWNER), SUB)).status, 403, e.path);
    });

    it('501 "not available yet" for the owner, never invented data', async () => {
      for (const e of endpoints) {
        assert.deepEqual(await get(pathFor(e, OWNER), OWNER), { status: 501, body: { message: e.message } });
      }
    });

    const ownerScoped = endpoints.filter((x) => x.namesOwner);
    // Only where an endpoint names an owner id: an empty loop would be a test that cannot fail.
    if (ownerScoped.length === 0) return;
    it("403 when the path or query names another owner's id", async () => {
      for (const e of ownerScoped) {
        assert.deepEqual(await get(pathFor(e, OTHER), OWNER), {
          status: 403,
          body: { message: 'You can only access your own hall data.' },
        });
      }
    });
  });
}

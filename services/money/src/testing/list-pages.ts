/**
 * Test support for the lists paged on the server (decision 52): one page as a venue asks for it,
 * and a cursor walk, as the list-page tests of invoices, quotations, deposits and payments read them.
 */
import assert from 'node:assert/strict';
import { OWNER, type Harness } from './harness.ts';

/** A page as the money lists answer it (contracts' page shape). */
export interface ListPage<T> {
  items: T[];
  total: number | null;
  totalIsEstimate: boolean;
  page: number | null;
  limit: number;
  totalPages: number | null;
  hasMore: boolean;
  nextCursor: string | null;
}

/** `harness` is read at each call: the tests start it in `before`. */
export function listPages<T>(harness: () => Harness) {
  /** One page at `path` (query included) as `as`; anything but a 200 fails the test. */
  async function get(path: string, as = OWNER): Promise<ListPage<T>> {
    const r = await harness().call('GET', path, as);
    assert.equal(r.status, 200, `${path}: ${r.text}`);
    return r.body as ListPage<T>;
  }

  /**
   * Every row of the list by following nextCursor from page 1: `first` is that page's path with
   * its limit (`/api/invoices?limit=17`), `query` the filters and sort; `between` runs after each
   * page (rows added while the walk runs).
   */
  async function walk(first: string, query: string, between?: () => Promise<void>): Promise<T[]> {
    const seen: T[] = [];
    let page = await get(`${first}&${query}`);
    seen.push(...page.items);
    while (page.nextCursor) {
      await between?.();
      page = await get(`${first}&${query}&cursor=${encodeURIComponent(page.nextCursor)}`);
      seen.push(...page.items);
    }
    return seen;
  }

  return { get, walk };
}

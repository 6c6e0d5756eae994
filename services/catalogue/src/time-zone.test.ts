import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@venue/service-kit';
import { testKeys } from '@venue/service-kit/testing';
import { adminTimeZoneLookup, wallClock, zonedInstant } from './time-zone.ts';

describe('tenant time zone', () => {
  it('turns a wall-clock time into the instant it means, across daylight saving', () => {
    assert.equal(
      zonedInstant('2026-07-01', '09:00', 'Australia/Sydney').toISOString(),
      '2026-06-30T23:00:00.000Z',
    );
    assert.equal(
      zonedInstant('2026-01-01', '09:00', 'Australia/Sydney').toISOString(),
      '2025-12-31T22:00:00.000Z',
    );
    // 4 Oct 2026 02:30 does not exist in Sydney (clocks jump 02:00 → 03:00).
    assert.equal(
      zonedInstant('2026-10-04', '02:30', 'Australia/Sydney').toISOString(),
      '2026-10-03T16:30:00.000Z',
    );
    assert.equal(
      zonedInstant('2026-07-01', '09:00', 'Australia/Perth').toISOString(),
      '2026-07-01T01:00:00.000Z',
    );
    assert.deepEqual(wallClock(new Date('2026-06-30T23:00:00Z'), 'Australia/Sydney'), {
      date: '2026-07-01',
      time: '09:00',
    });
  });

  describe('lookup from admin', () => {
    let server: Server;
    let answer: { status: number; body: unknown };
    const seen: { url?: string; secret?: string } = {};
    const oldUrl = process.env.ADMIN_URL;
    before(async () => {
      await testKeys();
      server = createServer((req, res) => {
        seen.url = req.url;
        seen.secret = req.headers['x-venue-internal'] as string;
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      process.env.ADMIN_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => {
      server.close();
      if (oldUrl === undefined) delete process.env.ADMIN_URL;
      else process.env.ADMIN_URL = oldUrl;
    });
    const lookup = adminTimeZoneLookup(createLogger('silent'));
    const T = '0a000000-0000-4000-8000-000000000001';

    it('reads general.timezone with the internal secret', async () => {
      answer = { status: 200, body: { tenantId: T, general: { timezone: 'Australia/Perth' } } };
      assert.equal(await lookup(T), 'Australia/Perth');
      assert.equal(seen.url, `/internal/tenant-settings/${T}`);
      assert.equal(seen.secret, process.env.INTERNAL_SECRET);
    });

    it('falls back to Australia/Sydney when admin fails or answers nonsense', async () => {
      answer = { status: 404, body: { message: 'Not found' } };
      assert.equal(await lookup(T), 'Australia/Sydney');
      answer = { status: 200, body: { general: { timezone: 'Mars/Olympus' } } };
      assert.equal(await lookup(T), 'Australia/Sydney');
      process.env.ADMIN_URL = 'http://127.0.0.1:1';
      assert.equal(await lookup(T), 'Australia/Sydney');
    });
  });
});

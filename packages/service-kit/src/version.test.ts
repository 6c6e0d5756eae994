import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { serviceVersion } from './version.ts';

describe('serviceVersion', () => {
  const bookings = new URL('../../../services/bookings/migrations/', import.meta.url);
  it("reads the service's package version and its newest migration", () => {
    const v = serviceVersion(bookings, {});
    assert.match(v.version, /^\d+\.\d+\.\d+/);
    assert.match(v.schema ?? '', /^\d{3}_/);
  });
  it('prefers SERVICE_VERSION (an image tag or commit)', () => {
    assert.equal(serviceVersion(bookings, { SERVICE_VERSION: 'git-abc123' }).version, 'git-abc123');
  });
  it('says unknown rather than guessing', () => {
    assert.deepEqual(serviceVersion(undefined, {}), { version: 'unknown', schema: null });
  });
});

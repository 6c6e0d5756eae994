/**
 * The embedded database's buffer cache is 32MB unless PGLITE_SHARED_BUFFERS says otherwise: at
 * PostgreSQL's 128MB default it was resident from the start in every service (issue 27 item 3).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openPgliteDriver, sharedBuffers } from './pglite.ts';

describe('embedded database buffer cache', () => {
  it('is 32MB by default, as the running database reports', async () => {
    assert.equal(sharedBuffers({}), '32MB');
    const driver = await openPgliteDriver('memory://', 'buffers_probe');
    try {
      const { rows } = await driver.query<{ shared_buffers: string }>('SHOW shared_buffers');
      assert.equal(rows[0]!.shared_buffers, '32MB');
    } finally {
      await driver.close();
    }
  });

  it('takes PGLITE_SHARED_BUFFERS in PostgreSQL units and refuses anything else by name', () => {
    assert.equal(sharedBuffers({ PGLITE_SHARED_BUFFERS: '256MB' }), '256MB');
    for (const bad of ['256', '0MB', '1TB', '32 MB', "32MB' -c fsync=off"])
      assert.throws(
        () => sharedBuffers({ PGLITE_SHARED_BUFFERS: bad }),
        /PGLITE_SHARED_BUFFERS must be a size/,
      );
  });
});

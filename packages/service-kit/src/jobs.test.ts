import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, testKeys } from './testing/index.ts';
import type { JobDefinition, ServiceKit } from './kit.ts';
import { widgetsApp } from './test-fixtures/widgets-app.ts';
import { eventually } from './test-fixtures/http.ts';

const onPg = Boolean(process.env.TEST_DATABASE_URL);

const slowJob: JobDefinition = {
  name: 'nightly-sweep',
  cron: '0 3 * * *',
  async run(kit: ServiceKit) {
    await kit.db.systemTx((tx) => tx.query("INSERT INTO kit_log (what) VALUES ('swept')"));
    await new Promise((r) => setTimeout(r, 300));
  },
};

const sweeps = async (kit: ServiceKit) =>
  (await kit.db.query("SELECT 1 FROM kit_log WHERE what = 'swept'")).rowCount;

describe('jobs', () => {
  it('runs a job once when two replicas on one database fire together', { skip: !onPg }, async () => {
    await testKeys();
    const a = await startTestService(widgetsApp({ jobs: [slowJob] }));
    const b = await startTestService(widgetsApp({ jobs: [slowJob] }), {
      database: a.database,
      schema: a.schema,
    });
    try {
      const ran = await Promise.all([a.kit.runJob('nightly-sweep'), b.kit.runJob('nightly-sweep')]);
      assert.deepEqual(ran.sort(), [false, true]);
      assert.equal(await sweeps(a.kit), 1);
      // The lock is released afterwards: the next firing runs again.
      assert.equal(await b.kit.runJob('nightly-sweep'), true);
      assert.equal(await sweeps(a.kit), 2);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('does not overlap runs of the same job in one process', async () => {
    await testKeys();
    const t = await startTestService(widgetsApp({ jobs: [slowJob] }));
    try {
      const ran = await Promise.all([t.kit.runJob('nightly-sweep'), t.kit.runJob('nightly-sweep')]);
      assert.deepEqual(ran.sort(), [false, true]);
      assert.equal(await sweeps(t.kit), 1);
    } finally {
      await t.close();
    }
  });

  it('fires on its cron schedule once listening', async () => {
    await testKeys();
    const everySecond: JobDefinition = { ...slowJob, name: 'every-second', cron: '* * * * * *' };
    const t = await startTestService(widgetsApp({ jobs: [everySecond], scheduleJobs: true }));
    try {
      await eventually(async () => (await sweeps(t.kit)) >= 1, 5000, 'the scheduled job');
    } finally {
      await t.close();
    }
  });

  it('runs a job as soon as a transaction that woke it commits: once more when woken while it ran, never for a rollback', async () => {
    await testKeys();
    // Yearly: any run within the test is a wake's. A second long, so wakes surely come mid-run.
    const yearly: JobDefinition = {
      ...slowJob,
      cron: '0 0 1 1 *',
      async run(kit) {
        await kit.db.systemTx((tx) => tx.query("INSERT INTO kit_log (what) VALUES ('swept')"));
        await new Promise((r) => setTimeout(r, 1000));
      },
    };
    const t = await startTestService(widgetsApp({ jobs: [yearly], scheduleJobs: true }));
    try {
      await t.kit.db.systemTx(async (tx) => tx.wake('nightly-sweep'));
      await eventually(async () => (await sweeps(t.kit)) === 1, 2000, 'the woken job');
      await new Promise((r) => setTimeout(r, 1100)); // that run is over
      // Three wakes while the next run sleeps its second: that run may have looked before they
      // committed, so one more run after it, not three.
      await t.kit.db.systemTx(async (tx) => tx.wake('nightly-sweep'));
      await eventually(async () => (await sweeps(t.kit)) === 2, 2000, 'the second woken run');
      for (let i = 0; i < 3; i++) await t.kit.db.systemTx(async (tx) => tx.wake('nightly-sweep'));
      await eventually(async () => (await sweeps(t.kit)) === 3, 4000, 'the run after the wakes');
      await assert.rejects(
        t.kit.db.systemTx(async (tx) => {
          tx.wake('nightly-sweep');
          throw new Error('rolled back');
        }),
        /rolled back/,
      );
      await new Promise((r) => setTimeout(r, 1500)); // the third run is over, and no fourth
      assert.equal(await sweeps(t.kit), 3);
      await assert.rejects(
        t.kit.db.tenantRead(crypto.randomUUID(), async (tx) => tx.wake('nightly-sweep')),
        /A read cannot wake a job/,
      );
    } finally {
      await t.close();
    }
  });

  it('does nothing on a wake where jobs are not scheduled (tests run them by hand)', async () => {
    await testKeys();
    const t = await startTestService(widgetsApp({ jobs: [slowJob] }));
    try {
      await t.kit.db.systemTx(async (tx) => tx.wake('nightly-sweep'));
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(await sweeps(t.kit), 0);
    } finally {
      await t.close();
    }
  });
});

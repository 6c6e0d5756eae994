import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  call,
  flushAudit,
  login,
  startAdmin,
  DEMO_PASSWORD,
  type Harness,
  type Reply,
} from '../testing/harness.ts';
import {
  ACCOUNT_UNDER_ATTACK_FAILURES,
  MAX_FAILURES_PER_ACCOUNT_ADDRESS,
  MAX_FAILURES_PER_ACCOUNT_ADDRESS_UNDER_ATTACK,
  MAX_FAILURES_PER_ADDRESS,
  THROTTLE_WINDOW_MINUTES,
} from './throttle.ts';

const WINDOW_SECONDS = THROTTLE_WINDOW_MINUTES * 60;

let h: Harness;
let owner: { token: string; userId: string };
describe('sign-in throttling', () => {
  before(async () => {
    h = await startAdmin();
    owner = await login(h, 'owner@demo.local', DEMO_PASSWORD, { 'x-forwarded-for': '192.0.2.1' });
  });
  after(async () => {
    await h?.close();
  });

  /** Every test uses its own addresses so one test's counts never reach another's. */
  let nextAddress = 0;
  function newAddress(): string {
    nextAddress += 1;
    return `198.51.100.${nextAddress}`;
  }

  function signIn(email: string, password: string, address: string): Promise<Reply> {
    return call(h, 'POST', '/api/login', {
      body: { email, password },
      headers: { 'x-forwarded-for': address },
    });
  }

  /** A sub-user of the demo owner, so failures land in the owner's audit log. */
  async function staffAccount(name: string): Promise<{ email: string; password: string; id: string }> {
    const email = `${name}@demo.local`;
    const password = `${name}-pass-1`;
    const created = await call(h, 'POST', '/api/users', {
      token: owner.token,
      body: { name, email, password, permissions: ['calendar'] },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return { email, password, id: created.body.id };
  }

  async function failTimes(email: string, address: string, times: number): Promise<void> {
    for (let i = 0; i < times; i++) {
      const reply = await signIn(email, `wrong-${i}`, address);
      assert.equal(reply.status, 401, `attempt ${i + 1} from ${address}: ${JSON.stringify(reply.body)}`);
    }
  }

  function assertThrottled(reply: Reply, near: number): void {
    assert.equal(reply.status, 429, JSON.stringify(reply.body));
    const retryAfter = Number(reply.headers.get('retry-after'));
    assert.ok(
      Number.isInteger(retryAfter) && retryAfter <= near && retryAfter > near - 30,
      `Retry-After ${reply.headers.get('retry-after')}, expected about ${near}`,
    );
    assert.deepEqual(reply.body, {
      code: 'too-many-requests',
      message: `Too many sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
    });
    assert.equal(reply.cookies.length, 0);
  }

  /** Moves an address's recorded attempts into the past, as if the minutes had gone by. */
  async function age(address: string, minutes: number): Promise<void> {
    await h.kit.db.systemTx((tx) =>
      tx.query(`UPDATE login_attempts SET at = at - make_interval(mins => $2) WHERE ip = $1`, [
        address,
        minutes,
      ]),
    );
  }

  describe('sign-in throttling by account and address', () => {
    test('a stranger failing on an account is blocked from their address only; the owner still signs in', async () => {
      const stranger = newAddress();
      await failTimes('owner2@demo.local', stranger, MAX_FAILURES_PER_ACCOUNT_ADDRESS);

      // Blocked, even with the right password, and told when to try again.
      assertThrottled(await signIn('owner2@demo.local', DEMO_PASSWORD, stranger), WINDOW_SECONDS);

      // The owner, from an address that has not failed, signs in while the stranger is blocked
      // (and that success does not reset the stranger's count).
      const ownerAddress = newAddress();
      assert.equal((await signIn('owner2@demo.local', DEMO_PASSWORD, ownerAddress)).status, 200);
      assertThrottled(await signIn('owner2@demo.local', 'another-guess', stranger), WINDOW_SECONDS);
      // A couple of typos by the owner are theirs alone.
      await failTimes('owner2@demo.local', ownerAddress, 2);
      assert.equal((await signIn('owner2@demo.local', DEMO_PASSWORD, ownerAddress)).status, 200);

      // The stranger's address is not blocked for other accounts (it is under its own limit).
      assert.equal((await signIn('staff@demo.local', DEMO_PASSWORD, stranger)).status, 200);
    });

    test('Retry-After counts down to when the oldest counted failure leaves the window', async () => {
      const { email, password } = await staffAccount('tess');
      const stranger = newAddress();
      await failTimes(email, stranger, MAX_FAILURES_PER_ACCOUNT_ADDRESS);
      await age(stranger, 10);
      const reply = await signIn(email, password, stranger);
      assertThrottled(reply, WINDOW_SECONDS - 10 * 60);
      assert.equal(reply.body.message, 'Too many sign-in attempts. Try again in 5 minutes.');

      // Once the failures are out of the window, the address may try again.
      await age(stranger, 6);
      assert.equal((await signIn(email, password, stranger)).status, 200);
    });

    test('the answer does not tell whether the e-mail exists', async () => {
      const { email } = await staffAccount('kit');
      const a = newAddress();
      const b = newAddress();
      await failTimes(email, a, MAX_FAILURES_PER_ACCOUNT_ADDRESS);
      await failTimes('nobody-here@demo.local', b, MAX_FAILURES_PER_ACCOUNT_ADDRESS);
      const known = await signIn(email, 'x-guess', a);
      const unknown = await signIn('nobody-here@demo.local', 'x-guess', b);
      assertThrottled(known, WINDOW_SECONDS);
      assertThrottled(unknown, WINDOW_SECONDS);
      assert.deepEqual(known.body, unknown.body);
    });

    test('a success from the same address starts its count afresh', async () => {
      const { email, password } = await staffAccount('fay');
      const address = newAddress();
      await failTimes(email, address, MAX_FAILURES_PER_ACCOUNT_ADDRESS - 1);
      assert.equal((await signIn(email, password, address)).status, 200);
      await failTimes(email, address, MAX_FAILURES_PER_ACCOUNT_ADDRESS - 1);
      assert.equal((await signIn(email, password, address)).status, 200);
    });

    test('a burst of parallel guesses from one address is counted guess by guess', async () => {
      const { email } = await staffAccount('bea');
      const address = newAddress();
      const replies = await Promise.all(
        Array.from({ length: MAX_FAILURES_PER_ACCOUNT_ADDRESS + 5 }, (_, i) =>
          signIn(email, `guess-${i}`, address),
        ),
      );
      const statuses = replies.map((r) => r.status);
      assert.equal(
        statuses.filter((s) => s === 401).length,
        MAX_FAILURES_PER_ACCOUNT_ADDRESS,
        statuses.join(','),
      );
      assert.equal(statuses.filter((s) => s === 429).length, 5);
      for (const r of replies.filter((x) => x.status === 429))
        assert.ok(Number(r.headers.get('retry-after')) > 0);
    });

    test(`an address spraying many e-mails is stopped after ${MAX_FAILURES_PER_ADDRESS} failures`, async () => {
      const sprayer = newAddress();
      // In parallel, a few at a time: the per-address lock must count every one.
      for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i += 10) {
        const replies = await Promise.all(
          Array.from({ length: 10 }, (_, j) => signIn(`spray${i + j}@demo.local`, 'password1', sprayer)),
        );
        assert.deepEqual(
          replies.map((r) => r.status),
          new Array(10).fill(401),
        );
      }
      // Blocked for every account, one it never tried included, right password or not.
      assertThrottled(await signIn('spray-new@demo.local', 'password1', sprayer), WINDOW_SECONDS);
      assertThrottled(await signIn('admin@demo.local', DEMO_PASSWORD, sprayer), WINDOW_SECONDS);
      // The same account from another address still signs in.
      assert.equal((await signIn('admin@demo.local', DEMO_PASSWORD, newAddress())).status, 200);
    });

    test('an IPv6 client counts by its /64: stepping through its addresses does not escape', async () => {
      const { email, password } = await staffAccount('ivo');
      for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_ADDRESS; i++) {
        assert.equal(
          (await signIn(email, `wrong-${i}`, `2001:db8:5:1::${(i + 1).toString(16)}`)).status,
          401,
        );
      }
      assertThrottled(await signIn(email, password, '2001:db8:5:1:abcd::99'), WINDOW_SECONDS);
      assert.equal(
        (await signIn(email, password, '2001:db8:5:2::1')).status,
        200,
        'another /64 is another client',
      );
    });

    test('an account guessed from many addresses gives each fewer tries, but never locks the owner out', async () => {
      const { email, password } = await staffAccount('mia');
      // As if a botnet had already failed from many addresses in the last minutes.
      await h.kit.db.systemTx((tx) =>
        tx.query(
          `INSERT INTO login_attempts (email, ip, success, at)
         SELECT $1, '203.0.113.' || (n % 200), false, now() - interval '1 minute'
           FROM generate_series(1, $2::int) AS n`,
          [email, ACCOUNT_UNDER_ATTACK_FAILURES],
        ),
      );
      const bot = newAddress();
      await failTimes(email, bot, MAX_FAILURES_PER_ACCOUNT_ADDRESS_UNDER_ATTACK);
      assertThrottled(await signIn(email, password, bot), WINDOW_SECONDS);
      // The owner, from any address that has not used its tries, gets in with the right password.
      assert.equal((await signIn(email, password, newAddress())).status, 200);
      const typo = newAddress();
      await failTimes(email, typo, MAX_FAILURES_PER_ACCOUNT_ADDRESS_UNDER_ATTACK - 1);
      assert.equal((await signIn(email, password, typo)).status, 200);
    });
  });

  describe('failed sign-ins in the audit log', () => {
    interface Entry {
      action: string;
      target: string;
      ipAddress: string | null;
      userId: string | null;
      userEmail: string | null;
      additionalInfo: string | null;
    }

    async function ownerAuditLog(action: string): Promise<Entry[]> {
      await flushAudit(h);
      const reply = await call(h, 'GET', `/api/audit?action=${action}&limit=100`, { token: owner.token });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      return reply.body.auditLogs;
    }

    test('the account owner sees each failure with the address, and when the address was blocked', async () => {
      const { email, password, id } = await staffAccount('ada');
      const stranger = newAddress();
      await failTimes(email, stranger, MAX_FAILURES_PER_ACCOUNT_ADDRESS);
      // Refused attempts never test a password: they are not logged one by one.
      for (let i = 0; i < 3; i++) assert.equal((await signIn(email, password, stranger)).status, 429);
      assert.equal((await signIn(email, password, newAddress())).status, 200);

      const entries = (await ownerAuditLog('login_failed')).filter((e) => e.target === id);
      assert.equal(entries.length, MAX_FAILURES_PER_ACCOUNT_ADDRESS, JSON.stringify(entries));
      for (const e of entries) {
        assert.equal(e.ipAddress, stranger);
        assert.equal(e.userId, null, 'whoever typed the password is not known to be the account');
        assert.match(e.additionalInfo ?? '', new RegExp(`Wrong password for ${email}`));
      }
      const blocking = entries.filter((e) => /refused for up to 15 minutes/.test(e.additionalInfo ?? ''));
      assert.equal(blocking.length, 1, 'the failure that used up the tries says so, once');

      // The Audit Log page's Action filter offers it.
      const actions = await call(h, 'GET', '/api/audit/actions', { token: owner.token });
      assert.ok(actions.body.actions.includes('login_failed'));
    });

    test('a disabled account trying the right password is logged; unknown e-mails are logged nowhere', async () => {
      const created = await call(h, 'POST', '/api/users', {
        token: owner.token,
        body: {
          name: 'Ina',
          email: 'ina@demo.local',
          password: 'ina-pass-1',
          permissions: [],
          status: 'inactive',
        },
      });
      assert.equal(created.status, 201);
      assert.equal((await signIn('ina@demo.local', 'ina-pass-1', newAddress())).status, 403);
      assert.equal((await signIn('ghost-of-ina@demo.local', 'ina-pass-1', newAddress())).status, 401);

      const entries = await ownerAuditLog('login_failed');
      const ina = entries.filter((e) => e.target === created.body.id);
      assert.equal(ina.length, 1);
      assert.match(ina[0]!.additionalInfo ?? '', /disabled/);

      const anywhere = await h.kit.db.systemTx((tx) =>
        tx.query(`SELECT 1 FROM audit_log WHERE additional_info LIKE '%ghost-of-ina%'`),
      );
      assert.equal(anywhere.rowCount, 0);
    });

    test("a hall owner's own failures are in their own tenant's log", async () => {
      const address = newAddress();
      await failTimes('owner@demo.local', address, 1);
      const entries = (await ownerAuditLog('login_failed')).filter((e) => e.target === owner.userId);
      assert.ok(entries.some((e) => e.ipAddress === address));
      const otherTenant = await login(h, 'owner2@demo.local', DEMO_PASSWORD, {
        'x-forwarded-for': newAddress(),
      });
      await flushAudit(h);
      const theirs = await call(h, 'GET', '/api/audit?action=login_failed&limit=100', {
        token: otherTenant.token,
      });
      assert.ok(!theirs.body.auditLogs.some((e: Entry) => e.target === owner.userId));
    });
  });
});

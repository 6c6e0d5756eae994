import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ABN_MESSAGE,
  ACCOUNT_NUMBER_MESSAGE,
  BSB_MESSAGE,
  BUFFER_MESSAGE,
  BUSINESS_DETAILS_DEFAULTS,
  DEPOSIT_MESSAGE,
  DEPOSIT_DEADLINE_MESSAGE,
  DUE_DAYS_MESSAGE,
  EMAIL_MESSAGE,
  GST_MESSAGE,
  HOLD_EXPIRY_MESSAGE,
  INTERNAL_AUTH_HEADER,
  INVOICE_SETTINGS_DEFAULTS,
  isValidAbn,
  PAYMENT_TERMS_DEFAULTS,
  REMINDER_DAYS_MESSAGE,
  STRIPE_PREFIX_MESSAGE,
} from '@venue/contracts';
import { BOND_MESSAGE, RETENTION_MESSAGE } from '@venue/contracts/admin';
import { startWithDemoSessions } from '../testing/demo-sessions.ts';
import { call, login, type Harness, type Session } from '../testing/harness.ts';
import { OWNER_ONLY_SETTINGS } from './handlers/sections.ts';

let h: Harness;
let owner: Session;
let owner2: Session;
let staff: Session;
let admin: Session;
describe('tenant settings', () => {
  before(async () => {
    ({ h, owner, owner2, staff, admin } = await startWithDemoSessions());
  });
  after(async () => {
    await h?.close();
  });

  async function auditChanges(action: string, target: string): Promise<unknown[]> {
    return h.kit.db.systemTx(async (tx) => {
      const { rows } = await tx.query<{ changes: unknown }>(
        `SELECT data->'changes' AS changes FROM outbox
        WHERE type = 'audit.recorded' AND data->>'action' = $1 AND data->>'target' = $2 ORDER BY seq`,
        [action, target],
      );
      return rows.map((r) => (typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes));
    });
  }

  describe('ABN checksum', () => {
    test('accepts real ABNs and refuses near misses', () => {
      assert.ok(isValidAbn('51824753556')); // the ATO's published example
      assert.ok(isValidAbn('53004085616'));
      assert.ok(!isValidAbn('51824753557'));
      assert.ok(!isValidAbn('1234567890'));
      assert.ok(!isValidAbn('5182475355a'));
    });
  });

  interface Group {
    path: string;
    wrap?: string;
    defaults: Record<string, unknown>;
    good: Record<string, unknown>;
    expected?: Record<string, unknown>;
    bad: Array<[Record<string, unknown>, string]>;
    /** who besides the owner may write */
    settingsKeyMayWrite: boolean;
    /** The demo seed fills this group for the demo venues (so they can issue tax invoices). */
    seeded?: boolean;
  }

  const GROUPS: Group[] = [
    {
      path: '/api/users/stripe-account',
      defaults: { stripeAccountId: '' },
      good: { stripeAccountId: 'acct_1PqRsTuVwXyZ' },
      bad: [
        [{ stripeAccountId: 'sk_live_123' }, STRIPE_PREFIX_MESSAGE],
        [{ stripeAccountId: 'acct' }, STRIPE_PREFIX_MESSAGE],
      ],
      settingsKeyMayWrite: false,
    },
    {
      path: '/api/users/payment-methods',
      wrap: 'paymentMethods',
      defaults: { stripe: false, bankTransfer: true, cash: true, cheque: false },
      good: { cheque: true },
      expected: { stripe: false, bankTransfer: true, cash: true, cheque: true },
      bad: [[{ cash: 'yes' }, 'Must be true or false.']],
      settingsKeyMayWrite: false,
    },
    {
      path: '/api/users/bank-details',
      wrap: 'bankDetails',
      seeded: true,
      defaults: { accountName: '', bankName: '', bsb: '', accountNumber: '', referenceNote: '' },
      good: {
        accountName: 'Harbourside Hall Pty Ltd',
        bankName: 'Commonwealth Bank',
        bsb: '062000',
        accountNumber: '12345678',
        referenceNote: 'Use your booking code',
      },
      expected: {
        accountName: 'Harbourside Hall Pty Ltd',
        bankName: 'Commonwealth Bank',
        bsb: '062-000',
        accountNumber: '12345678',
        referenceNote: 'Use your booking code',
      },
      bad: [
        [{ bsb: '12-3456' }, BSB_MESSAGE],
        [{ bsb: '1234567' }, BSB_MESSAGE],
        [{ accountNumber: '123' }, ACCOUNT_NUMBER_MESSAGE],
        [{ accountNumber: '1234567890123' }, ACCOUNT_NUMBER_MESSAGE],
        [{ accountNumber: '12ab5678' }, ACCOUNT_NUMBER_MESSAGE],
      ],
      settingsKeyMayWrite: false,
    },
    {
      path: '/api/tenant-settings/invoice',
      defaults: INVOICE_SETTINGS_DEFAULTS,
      good: {
        defaultDueDays: 14,
        depositPercentage: 25,
        depositDeadlineDays: 21,
        gstRate: 12.5,
        reminderDays: [1, 14],
        autoSendInvoices: true,
      },
      expected: {
        defaultDueDays: 14,
        depositPercentage: 25,
        depositDeadlineDays: 21,
        gstRate: 12.5,
        currency: 'AUD',
        sendInvoiceEmails: true,
        sendPaymentReminders: true,
        reminderDays: [14, 1],
        autoSendInvoices: true,
      },
      bad: [
        [{ defaultDueDays: 366 }, DUE_DAYS_MESSAGE],
        [{ defaultDueDays: -1 }, DUE_DAYS_MESSAGE],
        [{ defaultDueDays: 2.5 }, DUE_DAYS_MESSAGE],
        [{ depositDeadlineDays: 366 }, DEPOSIT_DEADLINE_MESSAGE],
        [{ depositDeadlineDays: -1 }, DEPOSIT_DEADLINE_MESSAGE],
        [{ depositPercentage: 101 }, DEPOSIT_MESSAGE],
        [{ depositPercentage: -5 }, DEPOSIT_MESSAGE],
        [{ depositPercentage: 12.5 }, DEPOSIT_MESSAGE],
        [{ gstRate: 100.01 }, GST_MESSAGE],
        [{ gstRate: 10.005 }, GST_MESSAGE],
        [{ reminderDays: [3, -1] }, REMINDER_DAYS_MESSAGE],
        [{ currency: 'BTC' }, 'Unknown currency.'],
      ],
      settingsKeyMayWrite: false,
    },
    {
      path: '/api/tenant-settings/business',
      seeded: true,
      defaults: BUSINESS_DETAILS_DEFAULTS,
      good: {
        businessName: 'Harbourside Hall',
        businessAddress: '12 Wharf Road, Sydney NSW 2000',
        businessABN: '51 824 753 556',
        businessPhone: '02 9555 0142',
        businessEmail: 'Accounts@Harbourside.example',
      },
      expected: {
        businessName: 'Harbourside Hall',
        businessAddress: '12 Wharf Road, Sydney NSW 2000',
        businessABN: '51824753556',
        businessPhone: '02 9555 0142',
        businessEmail: 'accounts@harbourside.example',
      },
      bad: [
        [{ businessABN: '51824753557' }, ABN_MESSAGE],
        [{ businessABN: '123' }, ABN_MESSAGE],
        [{ businessEmail: 'accounts@' }, EMAIL_MESSAGE],
      ],
      settingsKeyMayWrite: false,
    },
    {
      path: '/api/tenant-settings/terms',
      defaults: PAYMENT_TERMS_DEFAULTS,
      good: { paymentTerms: 'Payment due within 14 days.', notifyOnOverdue: false },
      expected: {
        paymentTerms: 'Payment due within 14 days.',
        refundPolicy: '',
        notifyOnPayment: true,
        notifyOnOverdue: false,
      },
      bad: [[{ notifyOnPayment: 'sometimes' }, 'Must be true or false.']],
      settingsKeyMayWrite: false,
    },
    {
      path: '/api/tenant-settings/availability',
      defaults: { setupBufferMinutes: 15, packdownBufferMinutes: 15, holdExpiryHours: 48 },
      good: { setupBufferMinutes: 30, packdownBufferMinutes: 45, holdExpiryHours: 72 },
      bad: [
        [{ setupBufferMinutes: 481 }, BUFFER_MESSAGE],
        [{ packdownBufferMinutes: -1 }, BUFFER_MESSAGE],
        [{ holdExpiryHours: 36 }, HOLD_EXPIRY_MESSAGE],
      ],
      settingsKeyMayWrite: true,
    },
    {
      path: '/api/tenant-settings/policies',
      defaults: { cancellationPolicy: '', refundRules: '', defaultBondCents: 0, termsAndConditions: '' },
      good: { cancellationPolicy: 'Full refund up to 30 days before.', defaultBondCents: 50000 },
      expected: {
        cancellationPolicy: 'Full refund up to 30 days before.',
        refundRules: '',
        defaultBondCents: 50000,
        termsAndConditions: '',
      },
      bad: [
        [{ defaultBondCents: -1 }, BOND_MESSAGE],
        [{ defaultBondCents: 10.5 }, BOND_MESSAGE],
      ],
      settingsKeyMayWrite: true,
    },
    {
      path: '/api/tenant-settings/privacy',
      defaults: { retentionMonths: 84 },
      good: { retentionMonths: 24 },
      bad: [
        [{ retentionMonths: 0 }, RETENTION_MESSAGE],
        [{ retentionMonths: 121 }, RETENTION_MESSAGE],
      ],
      settingsKeyMayWrite: true,
    },
  ];

  const unwrap = (g: Group, body: Record<string, unknown>) =>
    (g.wrap ? body[g.wrap] : body) as Record<string, unknown>;

  for (const g of GROUPS) {
    describe(g.path, () => {
      test('defaults, then an owner update the sub-user reads too, audited field by field', async () => {
        const initial = await call(h, 'GET', g.path, { token: owner.token });
        assert.equal(initial.status, 200);
        const otherBefore = unwrap(g, (await call(h, 'GET', g.path, { token: owner2.token })).body);
        if (g.seeded) {
          // the demo venues start with their own details, in the group's shape
          assert.deepEqual(Object.keys(unwrap(g, initial.body)).sort(), Object.keys(g.defaults).sort());
          assert.notDeepEqual(unwrap(g, initial.body), g.defaults);
        } else assert.deepEqual(unwrap(g, initial.body), g.defaults);

        const put = await call(h, 'PUT', g.path, { token: owner.token, body: g.good });
        assert.equal(put.status, 200, JSON.stringify(put.body));
        const expected = g.expected ?? { ...g.defaults, ...g.good };
        assert.deepEqual(unwrap(g, put.body), expected);
        const asStaff = await call(h, 'GET', g.path, { token: staff.token });
        assert.deepEqual(unwrap(g, asStaff.body), expected);
        // the other tenant is untouched
        const other = await call(h, 'GET', g.path, { token: owner2.token });
        assert.deepEqual(unwrap(g, other.body), otherBefore);

        const audits = await h.kit.db.systemTx(async (tx) => {
          const { rows } = await tx.query<{ n: number | string }>(
            `SELECT count(*) AS n FROM outbox WHERE type = 'audit.recorded' AND data->>'action' = 'settings_updated'
              AND tenant_id = $1`,
            [owner.userId],
          );
          return Number(rows[0]?.n);
        });
        assert.ok(audits > 0);
      });

      for (const [body, message] of g.bad) {
        test(`refuses ${JSON.stringify(body)} with "${message}"; nothing stored`, async () => {
          const before = await call(h, 'GET', g.path, { token: owner2.token });
          const reply = await call(h, 'PUT', g.path, { token: owner2.token, body });
          assert.equal(reply.status, 400, JSON.stringify(reply.body));
          assert.equal(reply.body.message, message);
          assert.ok(Array.isArray(reply.body.errors));
          const afterwards = await call(h, 'GET', g.path, { token: owner2.token });
          assert.deepEqual(afterwards.body, before.body);
        });
      }

      test('an unknown field is refused', async () => {
        const reply = await call(h, 'PUT', g.path, { token: owner2.token, body: { surprise: 1 } });
        assert.equal(reply.status, 400);
      });

      test('roles: who may write', async () => {
        const before = await call(h, 'GET', g.path, { token: owner.token });
        const byStaff = await call(h, 'PUT', g.path, { token: staff.token, body: g.good });
        assert.equal(byStaff.status, 403, 'a sub-user without the settings key');
        const byAdmin = await call(h, 'PUT', g.path, { token: admin.token, body: g.good });
        if (g.settingsKeyMayWrite)
          assert.equal(byAdmin.status, 200, 'the super admin passes every permission check');
        else {
          assert.equal(byAdmin.status, 403);
          assert.equal(byAdmin.body.message, OWNER_ONLY_SETTINGS);
        }
        assert.equal((await call(h, 'GET', g.path)).status, 401);
        const afterwards = await call(h, 'GET', g.path, { token: owner.token });
        assert.deepEqual(afterwards.body, before.body, "nobody else changed the owner's settings");
      });
    });
  }

  describe('sub-user with the settings key', () => {
    test('may change availability but not payment settings', async () => {
      const grant = await call(h, 'PUT', `/api/users/sub-users/${staff.userId}`, {
        token: owner.token,
        body: { name: 'Sam Staff', permissions: ['dashboard', 'settings'] },
      });
      assert.equal(grant.status, 200);
      staff = await login(h, 'staff@demo.local');
      const avail = await call(h, 'PUT', '/api/tenant-settings/availability', {
        token: staff.token,
        body: { holdExpiryHours: 168 },
      });
      assert.equal(avail.status, 200, JSON.stringify(avail.body));
      assert.equal(avail.body.holdExpiryHours, 168);
      const bank = await call(h, 'PUT', '/api/users/bank-details', {
        token: staff.token,
        body: { bsb: '123-456' },
      });
      assert.equal(bank.status, 403);
      assert.equal(bank.body.message, OWNER_ONLY_SETTINGS);
    });

    test('audit records old → new for a bank-detail change', async () => {
      await call(h, 'PUT', '/api/users/bank-details', {
        token: owner.token,
        body: { accountNumber: '87654321' },
      });
      const changes = await auditChanges('settings_updated', 'Bank details');
      assert.deepEqual(changes.at(-1), { accountNumber: { old: '12345678', new: '87654321' } });
    });
  });

  describe('GET /internal/tenant-settings/:tenantId', () => {
    test('answers every group for other services, with the internal secret only', async () => {
      const denied = await call(h, 'GET', `/internal/tenant-settings/${owner.userId}`);
      assert.equal(denied.status, 401);
      const wrong = await call(h, 'GET', `/internal/tenant-settings/${owner.userId}`, {
        headers: { [INTERNAL_AUTH_HEADER]: 'guess' },
      });
      assert.equal(wrong.status, 401);
      const reply = await call(h, 'GET', `/internal/tenant-settings/${owner.userId}`, {
        headers: { [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET! },
      });
      assert.equal(reply.status, 200);
      assert.equal(reply.body.tenantId, owner.userId);
      assert.equal(reply.body.general.timezone, 'Australia/Sydney');
      assert.equal(reply.body.stripeAccountId, 'acct_1PqRsTuVwXyZ');
      assert.equal(reply.body.bankDetails.bsb, '062-000');
      assert.equal(reply.body.invoice.defaultDueDays, 14);
      assert.equal(reply.body.business.businessABN, '51824753556');
      assert.equal(reply.body.availability.holdExpiryHours, 168);
      assert.equal(reply.body.policies.defaultBondCents, 50000);
      assert.equal(reply.body.privacy.retentionMonths, 24);
      const fresh = await call(h, 'GET', `/internal/tenant-settings/${owner2.userId}`, {
        headers: { [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET! },
      });
      assert.equal(fresh.body.availability.setupBufferMinutes, 15);
      assert.equal(fresh.body.privacy.retentionMonths, 84);
      const junk = await call(h, 'GET', '/internal/tenant-settings/nope', {
        headers: { [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET! },
      });
      assert.equal(junk.status, 404);
    });
  });
});

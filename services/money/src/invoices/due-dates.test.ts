/**
 * Due dates respect the event (issue 24 item 5, decision 57). A deposit invoice falls due by the
 * payment terms but no later than the venue's deposit deadline before the event (Payment
 * settings, default 14 days), never before its issue day; a final invoice follows the terms; a
 * typed due date before the issue date (or, for a deposit, past its deadline) is a 400 naming
 * `dueDate`; a draft issued later never keeps a due day before its issue day. The rule is pure
 * and checked over 400 consecutive days (and against the demo history's copy of it); the service
 * is checked for events from today to seven weeks ahead, so it holds on any day it runs.
 * PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEPOSIT_DEADLINE_DAYS_DEFAULT,
  DUE_DATE_MESSAGES,
  depositDueDate,
  depositDueLimit,
  dueDateProblem,
  termsDueDate,
} from '@venue/contracts/money-api';
import { venueToday } from '@venue/service-kit';
import { OWNER, PAYMENT, startMoney, type Harness } from '../testing/harness.ts';
import { formatDay } from '../shared/format.ts';

const plus = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const today = () => venueToday(new Date(), 'Australia/Sydney');

describe('the rule (pure), over 400 consecutive issue days', () => {
  test('a deposit: the terms, capped by the deadline, never before the issue day; the same as the demo history’s', async () => {
    // The launcher's plain module, loaded by URL so the type checker leaves it alone.
    const plan = (await import(
      new URL('../../../../scripts/lib/demo-seed-plan.mjs', import.meta.url).href
    )) as {
      depositDueDate: (issueDay: string, eventDay: string, dueDays: number) => string;
    };
    const start = today();
    let checked = 0;
    for (let i = 0; i < 400; i++) {
      const issue = plus(start, i);
      for (const eventIn of [-3, 0, 1, 7, 13, 14, 15, 20, 29, 30, 31, 44, 45, 90, 400]) {
        const event = plus(issue, eventIn);
        for (const dueDays of [0, 7, 14, 30]) {
          for (const deadline of [0, 7, 14, 21]) {
            const due = depositDueDate(issue, event, dueDays, deadline);
            assert.ok(due >= issue, `${issue} ${event} ${dueDays} ${deadline}: ${due} before the issue day`);
            assert.ok(due <= termsDueDate(issue, dueDays), 'never later than the terms');
            const deadlineDay = plus(event, -deadline);
            if (deadlineDay >= issue)
              assert.ok(due <= deadlineDay, `${due} after the deadline ${deadlineDay}`);
            else assert.equal(due, issue, 'an event sooner than the deadline: due on the issue day');
            if (event >= issue) assert.ok(due <= event, 'never after the event');
            assert.equal(
              due,
              depositDueLimit(issue, event, deadline) < termsDueDate(issue, dueDays)
                ? depositDueLimit(issue, event, deadline)
                : termsDueDate(issue, dueDays),
            );
            checked++;
          }
          assert.equal(
            depositDueDate(issue, event, dueDays),
            plan.depositDueDate(issue, event, dueDays),
            `demo history and money disagree for ${issue} ${event} ${dueDays}`,
          );
        }
      }
    }
    assert.equal(DEPOSIT_DEADLINE_DAYS_DEFAULT, 14);
    assert.ok(checked > 90_000);
  });

  test('a typed due date: before the issue day, or a deposit’s past its limit, is named', () => {
    const issue = today();
    assert.equal(dueDateProblem('FINAL', plus(issue, -1), issue, null), DUE_DATE_MESSAGES.beforeIssue(issue));
    assert.equal(dueDateProblem('FINAL', issue, issue, null), null);
    assert.equal(dueDateProblem('FINAL', plus(issue, 365), issue, plus(issue, 5)), null);
    const event = plus(issue, 40);
    assert.equal(dueDateProblem('DEPOSIT', plus(issue, 26), issue, event), null);
    assert.equal(
      dueDateProblem('DEPOSIT', plus(issue, 27), issue, event),
      DUE_DATE_MESSAGES.afterDepositDeadline(plus(issue, 26), 14),
    );
    assert.equal(
      dueDateProblem('DEPOSIT', issue, issue, plus(issue, 3)),
      null,
      'event sooner: the issue day',
    );
    assert.notEqual(dueDateProblem('DEPOSIT', plus(issue, 1), issue, plus(issue, 3)), null);
  });
});

describe('the service', () => {
  let h: Harness;
  before(async () => {
    h = await startMoney();
    // 30 days' terms and a 21-day deposit deadline, so the two rules differ
    await h.settings(OWNER, {}, { ...PAYMENT, defaultDueDays: 30, depositDeadlineDays: 21 });
  });
  after(() => h.close());

  const invoice = (bookingId: string, body: Record<string, unknown>) =>
    h.call('POST', '/api/invoices', OWNER, { bookingId, ...body });

  test('a deposit invoice falls due by the deadline before the event, for events from today to 8 weeks ahead', async () => {
    for (let eventIn = 0; eventIn <= 54; eventIn += 3) {
      const day = today();
      const bookingDate = plus(day, eventIn);
      const bookingId = await h.booking('booking.created', {
        bookingDate,
        totalCents: 100_000,
        depositCents: 25_000,
      });
      const r = await invoice(bookingId, { invoiceType: 'DEPOSIT', issue: true });
      assert.equal(r.status, 201, r.text);
      const expected = depositDueDate(r.body.issueDate, bookingDate, 30, 21);
      assert.equal(r.body.dueDate, expected, `event in ${eventIn} days`);
      assert.ok(r.body.dueDate >= r.body.issueDate);
      assert.ok(r.body.dueDate <= bookingDate || r.body.dueDate === r.body.issueDate);
      if (eventIn >= 21 + 30) assert.equal(r.body.dueDate, plus(r.body.issueDate, 30), 'far off: the terms');
      if (eventIn < 21) assert.equal(r.body.dueDate, r.body.issueDate, 'sooner than the deadline: at once');
    }
  });

  test('the deposit invoice raised on confirmation follows the same rule', async () => {
    const day = today();
    const bookingDate = plus(day, 35);
    const bookingId = await h.booking(
      'booking.status_changed',
      { bookingDate, totalCents: 100_000, depositCents: 25_000, status: 'confirmed' },
      'pending',
    );
    const r = await h.call('GET', `/api/invoices/hall-owner/${OWNER}?bookingId=${bookingId}`, OWNER);
    const deposit = r.body.find((i: { type: string }) => i.type === 'DEPOSIT');
    assert.ok(deposit, r.text);
    assert.equal(deposit.status, 'SENT');
    assert.equal(deposit.dueDate, depositDueDate(deposit.issueDate, bookingDate, 30, 21));
  });

  test('without the setting the deadline is 14 days', async () => {
    await h.settings(OWNER, {}, { ...PAYMENT, defaultDueDays: 30 });
    try {
      const bookingDate = plus(today(), 30);
      const bookingId = await h.booking('booking.created', {
        bookingDate,
        totalCents: 100_000,
        depositCents: 25_000,
      });
      const r = await invoice(bookingId, { invoiceType: 'DEPOSIT', issue: true });
      assert.equal(r.body.dueDate, depositDueDate(r.body.issueDate, bookingDate, 30, 14));
      assert.equal(r.body.dueDate, plus(bookingDate, -14));
    } finally {
      await h.settings(OWNER, {}, { ...PAYMENT, defaultDueDays: 30, depositDeadlineDays: 21 });
    }
  });

  test('a final invoice follows the payment terms, whatever the event', async () => {
    for (const eventIn of [-10, 0, 5, 60]) {
      const bookingId = await h.booking('booking.created', {
        bookingDate: plus(today(), eventIn),
        totalCents: 100_000,
      });
      const r = await invoice(bookingId, { invoiceType: 'FINAL', issue: true });
      assert.equal(r.status, 201, r.text);
      assert.equal(r.body.dueDate, termsDueDate(r.body.issueDate, 30));
    }
  });

  test('a typed due date before the issue date is a 400 naming dueDate; nothing is made', async () => {
    const bookingId = await h.booking('booking.created', {
      bookingDate: plus(today(), 60),
      totalCents: 100_000,
    });
    const yesterday = plus(today(), -1);
    for (const issue of [true, false]) {
      const r = await invoice(bookingId, { invoiceType: 'FINAL', dueDate: yesterday, issue });
      assert.equal(r.status, 400, r.text);
      assert.equal(r.body.errors[0].path, 'dueDate');
      assert.equal(r.body.errors[0].message, DUE_DATE_MESSAGES.beforeIssue(formatDay(today())));
    }
    const list = await h.call('GET', `/api/invoices/hall-owner/${OWNER}?bookingId=${bookingId}`, OWNER);
    assert.deepEqual(list.body, []);
    const ok = await invoice(bookingId, { invoiceType: 'FINAL', dueDate: plus(today(), 45), issue: true });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.body.dueDate, plus(today(), 45), 'a later due date typed is kept');
  });

  test('a deposit’s typed due date past the deadline is a 400 naming dueDate and the last allowed day', async () => {
    const bookingDate = plus(today(), 60);
    const bookingId = await h.booking('booking.created', {
      bookingDate,
      totalCents: 100_000,
      depositCents: 25_000,
    });
    const limit = plus(bookingDate, -21);
    const r = await invoice(bookingId, { invoiceType: 'DEPOSIT', dueDate: plus(limit, 1) });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.errors[0].path, 'dueDate');
    assert.equal(r.body.errors[0].message, DUE_DATE_MESSAGES.afterDepositDeadline(formatDay(limit), 21));
    const ok = await invoice(bookingId, { invoiceType: 'DEPOSIT', dueDate: limit });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.body.dueDate, limit);
  });

  test('a draft issued after its due day: the terms run from the issue day', async () => {
    const bookingDate = plus(today(), 90);
    const bookingId = await h.booking('booking.created', {
      bookingDate,
      totalCents: 100_000,
      depositCents: 25_000,
    });
    const draft = (await invoice(bookingId, { invoiceType: 'DEPOSIT' })).body;
    // made weeks ago: its due day has passed
    await h.t.kit.db.tenantTx(OWNER, (tx) =>
      tx.query(`UPDATE invoices SET due_date = $3::date WHERE tenant_id = $1 AND id = $2`, [
        OWNER,
        draft.id,
        plus(today(), -3),
      ]),
    );
    const r = await h.call('PUT', `/api/invoices/${draft.id}/status`, OWNER, { status: 'SENT' });
    assert.equal(r.status, 200, r.text);
    assert.ok(r.body.dueDate >= r.body.issueDate, `${r.body.dueDate} before ${r.body.issueDate}`);
    assert.equal(r.body.dueDate, depositDueDate(r.body.issueDate, bookingDate, 30, 21));
    assert.equal(r.body.status, 'SENT', 'not overdue the moment it is sent');
  });
});

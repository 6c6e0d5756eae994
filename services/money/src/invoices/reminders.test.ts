/**
 * The payment reminder ladder (issue 12 item 6): the overdue sweep asks comms for one reminder
 * per unpaid invoice and step of Payment settings' reminder days (7, 3, 1 by default), before
 * the due date and after it, on the venue's clock, never before the earliest send hour.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { invoiceReminderRequestedEventSchema } from '@venue/contracts/money-api';
import { venueToday, zonedInstant } from '@venue/service-kit';
import { OWNER, OWNER2, PAYMENT, startMoney, type Harness } from '../testing/harness.ts';
import { addDays } from '../shared/settings.ts';
import { currentStep, overdueJob, reminderSteps } from './overdue-job.ts';

let h: Harness;
let clock = new Date();
// Issuing stamps the real day: due dates are set from it, and the sweep's clock moves ahead.
const ZONE = 'Australia/Sydney';
const DUE = addDays(venueToday(new Date(), ZONE), 30);
/** The venue's wall clock `days` from the due date, at `time`. */
const at = (days: number, time: string) => zonedInstant(addDays(DUE, days), time, ZONE);
// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('invoices/reminders.test.ts', () => {
  before(async () => {
    h = await startMoney({ now: () => clock });
  });
  after(() => h.close());

  async function issued(dueDate: string, tenant = OWNER): Promise<string> {
    const booking = await h.booking('booking.created', { totalCents: 110_000, hallOwnerId: tenant });
    const res = await h.call('POST', '/api/invoices', tenant, {
      bookingId: booking,
      invoiceType: 'FINAL',
      issue: true,
      dueDate,
    });
    assert.equal(res.status, 201, res.text);
    return res.body.id;
  }

  async function reminders(invoiceId: string) {
    return (await h.events('invoice.reminder_requested'))
      .filter((e) => e.data.id === invoiceId)
      .map((e) => invoiceReminderRequestedEventSchema.parse(e.data));
  }

  describe('payment reminder ladder', () => {
    test('an invoice due in 3 days gets its "3 days before" reminder once, at the send hour, across sweeps and replicas; a paid one none', async () => {
      const open = await issued(DUE);
      const paid = await issued(DUE);
      const pay = await h.call('POST', `/api/invoices/${paid}/payments`, OWNER, {
        amount: 1100,
        paymentMethod: 'Cash',
      });
      assert.equal(pay.body.invoice.status, 'PAID', pay.text);

      // 06:30 in Sydney three days before: too early for e-mail
      clock = at(-3, '06:30');
      await h.t.kit.runJob('mark-overdue');
      assert.deepEqual(await reminders(open), []);

      // 09:10 there: the sweep twice at once (the job lock), and two replicas' runs at once
      // without it (only the step's row keeps them to one), then a later sweep the same day
      clock = at(-3, '09:10');
      await Promise.all([h.t.kit.runJob('mark-overdue'), h.t.kit.runJob('mark-overdue')]);
      const job = overdueJob(() => clock);
      await Promise.all([job.run(h.t.kit), job.run(h.t.kit)]);
      clock = at(-3, '14:00');
      await h.t.kit.runJob('mark-overdue');
      const sent = await reminders(open);
      assert.equal(sent.length, 1);
      assert.equal(sent[0]!.daysFromDue, -3);
      assert.equal(sent[0]!.daysOverdue, 0);
      assert.equal(sent[0]!.requestedBy, null);
      assert.equal(sent[0]!.customerEmail, 'jane@example.com');
      assert.deepEqual(await reminders(paid), [], 'a paid invoice gets no reminder');

      // 2 days before: no step. 1 day before: the next. 1 day after: overdue, and its step.
      clock = at(-2, '09:10');
      await h.t.kit.runJob('mark-overdue');
      assert.equal((await reminders(open)).length, 1);
      clock = at(-1, '09:10');
      await h.t.kit.runJob('mark-overdue');
      clock = at(1, '09:10');
      await h.t.kit.runJob('mark-overdue');
      await h.t.kit.runJob('mark-overdue');
      const ladder = await reminders(open);
      assert.deepEqual(
        ladder.map((r) => [r.daysFromDue, r.daysOverdue, r.status]),
        [
          [-3, 0, 'SENT'],
          [-1, 0, 'SENT'],
          [1, 1, 'OVERDUE'],
        ],
      );
    });

    test('the tenant’s own reminder days from its Payment settings copy', async () => {
      await h.settings(OWNER2, {}, { ...PAYMENT, reminderDays: [5] });
      const inv = await issued(DUE, OWNER2);
      clock = at(-5, '09:10');
      await h.t.kit.runJob('mark-overdue');
      // three days before is no step of this tenant
      clock = at(-3, '09:10');
      await h.t.kit.runJob('mark-overdue');
      assert.deepEqual(
        (await reminders(inv)).map((r) => r.daysFromDue),
        [-5],
      );
    });

    test('steps: before and after the due date; a missed day is caught up briefly; none from before the invoice was issued', () => {
      const steps = reminderSteps([7, 3, 1]);
      assert.deepEqual(steps, [-7, -3, -1, 1, 3, 7]);
      assert.equal(currentStep(steps, -3, -30), -3);
      assert.equal(currentStep(steps, -2, -30), -3, 'the day after, if the sweep did not run');
      assert.equal(currentStep(steps, 12, -30), null, 'too late for the 7-days-after one');
      assert.equal(currentStep(steps, -2, -2), null, 'issued two days before: no "3 days before"');
      assert.equal(currentStep(steps, -8, -30), null);
      assert.deepEqual(reminderSteps([0, 2]), [-2, 0, 2]);
    });
  });
});

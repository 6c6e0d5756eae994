/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/**
 * Money's e-mails (decision 30), end to end with the real money service: an invoice issued,
 * a payment recorded and a reminder requested in money become the customer's Invoice, Receipt
 * and Payment reminder e-mails from the tenant's templates, each with money's own PDF, which
 * the comms worker fetches when it sends (money down → the message waits and goes later).
 * Once per invoice (payment) and kind; not at all when the tenant switched the kind off.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import type { DomainEvent } from '@venue/contracts';
import { settingsChangedEvent } from '@venue/service-kit/testing';
// The real money service (its own test harness): the PDF comms attaches is money's, not a stand-in.
import {
  OWNER as VENUE,
  quotationForm,
  startMoney,
  type Harness,
} from '../../../money/src/testing/harness.ts';
import { deliverDue } from '../mail/worker.ts';
import { fetchPayLinkFromMoney } from '../send/pay-link.ts';
import {
  booking,
  bookingEvent,
  OWNER,
  setEnv,
  startComms,
  startPeer,
  type Comms,
} from '../testing/harness.ts';

/** The text of a PDF money made, as a reader copies it out (unpdf: pdf.js's text layer), one line per row. */
async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

/** The amount on the PDF line that starts with `label` ("Balance due $1,150.00"). */
async function pdfAmount(pdf: Buffer, label: string): Promise<string> {
  const line = (await pdfText(pdf)).split('\n').find((l) => l.trim().startsWith(label));
  assert.ok(line, `the PDF has a "${label}" line:\n${await pdfText(pdf)}`);
  const amount = /\$[\d,]+\.\d\d/.exec(line)?.[0];
  assert.ok(amount, line);
  return amount;
}

describe('money’s e-mails: invoice, receipt and payment reminder with money’s PDF', () => {
  let money: Harness;
  let c: Comms;
  let peer: Awaited<ReturnType<typeof startPeer>>;
  let restoreMoneyUrl: (() => void) | undefined;
  const moneyUrl = () => money.t.url;

  const moneyCall: Harness['call'] = (...args) => money.call(...args);

  before(async () => {
    money = await startMoney();
    c = await startComms();
    peer = await startPeer();
    c.useSmtp(peer.port);
    restoreMoneyUrl = setEnv({ MONEY_URL: moneyUrl() });
    // money's venue is a tenant comms meets through money's events; its settings come from admin
    await c.deliver(settingsChangedEvent(VENUE, 1));
  });
  after(async () => {
    restoreMoneyUrl?.();
    await peer.close();
    await c.close();
    await money.close();
  });

  /** The newest event of `type` money published about `match`, as the relay would hand it to comms. */
  async function published(type: string, match: (data: any) => boolean): Promise<DomainEvent> {
    const e = (await money.events(type)).filter((x) => match(x.data)).at(-1);
    assert.ok(e, `money published ${type}`);
    return {
      id: randomUUID(),
      type,
      version: 1,
      source: 'money',
      tenantId: e.tenantId,
      occurredAt: new Date().toISOString(),
      data: e.data,
    };
  }

  const history = async (token: string, bookingId: string) =>
    (await c.call('GET', `/api/email-comms/history?bookingId=${bookingId}`, token)).body.items;

  /** A booking known to both services (money invoices it, comms words the e-mail with it). */
  async function bookedAndInvoiced(email: string) {
    const bookingId = await money.booking('booking.created', {
      totalCents: 165_000,
      customerName: 'Jane Smith',
      customerEmail: email,
    });
    const r = await moneyCall('POST', '/api/invoices', VENUE, {
      bookingId,
      invoiceType: 'FINAL',
      issue: true,
    });
    assert.equal(r.status, 201, r.text);
    await c.deliver(
      bookingEvent(
        'booking.created',
        booking({
          id: bookingId,
          hallOwnerId: VENUE,
          customerName: 'Jane Smith',
          customerEmail: email,
          bookingCode: r.body.bookingCode,
          status: 'confirmed',
        }),
      ),
    );
    return { bookingId, invoice: r.body };
  }

  /**
   * A booking money invoiced ($1,650.00), known to comms as its test venue OWNER's (money's venue
   * is VENUE): money's events are handed to comms as OWNER's, so the history can be read with
   * OWNER's token; the PDFs are fetched from money's own paths in the events.
   */
  async function invoicedForOwner(email: string) {
    const bookingId = await money.booking('booking.created', {
      totalCents: 165_000,
      customerName: 'Jane Smith',
      customerEmail: email,
    });
    const r = await moneyCall('POST', '/api/invoices', VENUE, {
      bookingId,
      invoiceType: 'FINAL',
      issue: true,
    });
    assert.equal(r.status, 201, r.text);
    await c.deliver(
      bookingEvent(
        'booking.created',
        booking({
          id: bookingId,
          customerName: 'Jane Smith',
          customerEmail: email,
          bookingCode: r.body.bookingCode,
          status: 'confirmed',
        }),
      ),
    );
    return r.body;
  }
  const asOwner = (e: DomainEvent): DomainEvent => ({ ...e, tenantId: OWNER });
  const mailsTo = (email: string, from: number) =>
    peer.received.slice(from).filter((r) => r.to.includes(email));

  it('an issued invoice e-mails the customer the venue’s Invoice template with the invoice PDF, once', async () => {
    const { bookingId, invoice } = await bookedAndInvoiced('jane.invoice@example.com');
    const issued = await published('invoice.issued', (d) => d.id === invoice.id);
    const before = peer.received.length;
    await c.deliver(issued);
    await c.deliver(issued); // the relay delivering the same event again
    await c.deliver({ ...issued, id: randomUUID() }); // or money publishing it twice
    // the booking confirmation went too; one invoice e-mail was queued
    const sent = (
      await c.t.kit.db.tenantTx(VENUE, (tx) =>
        tx.query<{ kind: string }>(`SELECT kind FROM emails WHERE tenant_id = $1 AND booking_id = $2`, [
          VENUE,
          bookingId,
        ]),
      )
    ).rows.map((r) => r.kind);
    assert.deepEqual(sent.filter((k) => k === 'invoice_issued').length, 1);

    await deliverDue(c.t.kit, c.deps);
    const mails = peer.received.slice(before).filter((r) => r.mail.subject?.includes('Invoice'));
    assert.equal(mails.length, 1, 'one invoice e-mail');
    const m = mails[0]!;
    assert.deepEqual(m.to, ['jane.invoice@example.com']);
    assert.equal(m.mail.subject, `Invoice ${invoice.invoiceNumber} for your booking ${invoice.bookingCode}`);
    assert.match(
      m.mail.text!,
      /Please find invoice INV-\d{4}-\d{5} for Wedding at Main Hall on Fri 20 Mar 2026/,
    );
    assert.match(m.mail.text!, /Total: \$1,650\.00\nAmount due: \$1,650\.00 by /);
    assert.equal(m.mail.attachments.length, 1);
    const pdf = m.mail.attachments[0]!;
    assert.equal(pdf.contentType, 'application/pdf');
    assert.equal(pdf.filename, `${invoice.invoiceNumber}.pdf`);
    assert.ok(
      (await pdfText(pdf.content)).includes(`Invoice number: ${invoice.invoiceNumber}`),
      await pdfText(pdf.content),
    );
  });

  it('a payment recorded e-mails the Receipt with the receipt PDF; a refund gets none', async () => {
    const { invoice } = await bookedAndInvoiced('jane.receipt@example.com');
    const paid = await moneyCall('POST', `/api/invoices/${invoice.id}/payments`, VENUE, {
      amountCents: 50_000,
      paymentMethod: 'Bank Transfer',
      reference: 'EFT 1',
    });
    assert.equal(paid.status, 201, paid.text);
    const receiptNumber = paid.body.payment.receiptNumber;
    const recorded = await published('payment.recorded', (d) => d.paymentId === paid.body.payment.id);
    await c.deliver(recorded);
    await c.deliver({ ...recorded, id: randomUUID() });
    await c.deliver({
      ...recorded,
      id: randomUUID(),
      data: { ...(recorded.data as object), paymentId: randomUUID(), kind: 'reversal' },
    });
    const before = peer.received.length;
    await deliverDue(c.t.kit, c.deps);
    const mails = peer.received.slice(before).filter((r) => r.to.includes('jane.receipt@example.com'));
    const receipts = mails.filter((r) => r.mail.subject?.startsWith('Receipt'));
    assert.equal(receipts.length, 1, 'one receipt, none for the reversal');
    const m = receipts[0]!.mail;
    assert.match(m.text!, /Thank you for your payment of \$500\.00 for Wedding/);
    assert.match(m.text!, new RegExp(`Your receipt ${receiptNumber} is attached`));
    assert.match(m.text!, /Still to pay on invoice INV-\d{4}-\d{5}: \$1,150\.00/);
    assert.equal(m.attachments[0]?.filename, `${receiptNumber}.pdf`);
    assert.ok((await pdfText(m.attachments[0]!.content)).includes(`Receipt number: ${receiptNumber}`));
  });

  it('Send Reminders e-mails the Payment reminder with the invoice PDF, once per request', async () => {
    const { invoice } = await bookedAndInvoiced('jane.reminder@example.com');
    const asked = await moneyCall('POST', '/api/invoices/send-reminders', VENUE, {
      invoiceIds: [invoice.id],
      hallOwnerId: VENUE,
    });
    assert.equal(asked.status, 200, asked.text);
    const reminder = await published('invoice.reminder_requested', (d) => d.id === invoice.id);
    await c.deliver(reminder);
    await c.deliver(reminder);
    const before = peer.received.length;
    await deliverDue(c.t.kit, c.deps);
    const mails = peer.received
      .slice(before)
      .filter(
        (r) => r.to.includes('jane.reminder@example.com') && r.mail.subject?.startsWith('Payment reminder'),
      );
    assert.equal(mails.length, 1);
    const m = mails[0]!.mail;
    assert.equal(m.subject, `Payment reminder: invoice ${invoice.invoiceNumber}`);
    assert.match(m.text!, new RegExp(`invoice ${invoice.invoiceNumber} has \\$1,650\\.00 outstanding, due `));
    assert.ok(
      (await pdfText(m.attachments[0]!.content)).includes(`Invoice number: ${invoice.invoiceNumber}`),
    );
  });

  it('an invoice e-mail names the amounts its PDF prints, though a payment came before it went (issue 24 item 1)', async () => {
    const { invoice } = await bookedAndInvoiced('jane.figures@example.com');
    await c.deliver(await published('invoice.issued', (d) => d.id === invoice.id));
    // Paid in part after the e-mail was queued (an automatic one waits for the venue's send hour),
    // before it is sent.
    const paid = await moneyCall('POST', `/api/invoices/${invoice.id}/payments`, VENUE, {
      amountCents: 40_000,
      paymentMethod: 'Bank Transfer',
      reference: 'EFT early',
    });
    assert.equal(paid.status, 201, paid.text);
    const before = peer.received.length;
    await deliverDue(c.t.kit, c.deps);
    const m = peer.received
      .slice(before)
      .find((r) => r.to.includes('jane.figures@example.com') && r.mail.subject?.startsWith('Invoice'));
    assert.ok(m, 'the invoice e-mail went');
    const pdf = m.mail.attachments[0]!.content;
    const due = /Amount due: (\$[\d,]+\.\d\d) by /.exec(m.mail.text!)?.[1];
    assert.equal(due, await pdfAmount(pdf, 'Balance due'), 'the e-mail’s amount due is the PDF’s');
    assert.equal(due, '$1,250.00');
    const total = /Total: (\$[\d,]+\.\d\d)/.exec(m.mail.text!)?.[1];
    assert.equal(total, await pdfAmount(pdf, 'Total (incl. GST)'));
    assert.match(String(m.mail.html), /Amount due: \$1,250\.00 by /, 'the HTML part says the same');
  });

  it('a receipt e-mail’s “still to pay” is its receipt PDF’s balance, though more was paid before it went (issue 24 item 1)', async () => {
    const { invoice } = await bookedAndInvoiced('jane.balance@example.com');
    const pay = async (amountCents: number, reference: string) => {
      const r = await moneyCall('POST', `/api/invoices/${invoice.id}/payments`, VENUE, {
        amountCents,
        paymentMethod: 'Bank Transfer',
        reference,
      });
      assert.equal(r.status, 201, r.text);
      return r.body.payment;
    };
    const first = await pay(50_000, 'EFT 1');
    await c.deliver(await published('payment.recorded', (d) => d.paymentId === first.id));
    await pay(22_000, 'EFT 2'); // before the first receipt's e-mail went
    const before = peer.received.length;
    await deliverDue(c.t.kit, c.deps);
    const m = peer.received
      .slice(before)
      .find((r) => r.to.includes('jane.balance@example.com') && r.mail.subject?.startsWith('Receipt'));
    assert.ok(m, 'the receipt e-mail went');
    const pdf = m.mail.attachments[0]!.content;
    const still = /Still to pay on invoice INV-\d{4}-\d{5}: (\$[\d,]+\.\d\d)/.exec(m.mail.text!)?.[1];
    assert.equal(still, await pdfAmount(pdf, 'Invoice balance now'), 'the e-mail’s balance is the PDF’s');
    assert.equal(still, '$930.00');
    const paidAmount = /Thank you for your payment of (\$[\d,]+\.\d\d)/.exec(m.mail.text!)?.[1];
    assert.equal(paidAmount, await pdfAmount(pdf, 'Amount received'));
    assert.equal(paidAmount, '$500.00');
  });

  it('the pay-link e-mail names what its page asks, not the booking’s price, with a venue’s older template too (issue 24 item 1)', async () => {
    // A $900.00 booking whose invoice has $250.56 left to pay.
    const email = 'jane.paylink@example.com';
    const bookingId = await money.booking('booking.created', {
      totalCents: 90_000,
      customerName: 'Jane Smith',
      customerEmail: email,
    });
    const issued = await moneyCall('POST', '/api/invoices', VENUE, {
      bookingId,
      invoiceType: 'FINAL',
      issue: true,
    });
    assert.equal(issued.status, 201, issued.text);
    const part = await moneyCall('POST', `/api/invoices/${issued.body.id}/payments`, VENUE, {
      amountCents: 64_944,
      paymentMethod: 'Bank Transfer',
      reference: 'EFT',
    });
    assert.equal(part.status, 201, part.text);
    // comms knows the booking as the venue OWNER's (its test venue); money as VENUE's
    await c.deliver(
      bookingEvent(
        'booking.created',
        booking({
          id: bookingId,
          customerName: 'Jane Smith',
          customerEmail: email,
          bookingCode: issued.body.bookingCode,
          status: 'confirmed',
          calculatedPriceCents: 90_000,
        }),
      ),
    );
    const saved = c.deps.fetchPayLink;
    c.deps.fetchPayLink = (_tenant, id) => fetchPayLinkFromMoney(VENUE, id);
    try {
      const sendPayLink = async () => {
        const r = await c.call('POST', '/api/email-comms/send', c.tokens.owner, {
          purpose: 'payment_link',
          bookingId,
          recipientEmail: email,
          recipientName: 'Jane Smith',
        });
        assert.equal(r.status, 202, r.text);
        const before = peer.received.length;
        await deliverDue(c.t.kit, c.deps);
        const m = peer.received
          .slice(before)
          .find((x) => x.to.includes(email) && x.mail.subject?.startsWith('Payment for your booking'));
        assert.ok(m, 'the pay-link e-mail went');
        return m.mail.text!;
      };
      /** What the linked page asks: its "Amount due". */
      const pageAsks = async (text: string) => {
        const token = /\/pay\/([A-Za-z0-9_-]{20,})/.exec(text)?.[1];
        assert.ok(token, text);
        const page = await (await fetch(`${moneyUrl()}/pay/${token}`)).text();
        const due = /<p class="due">([^<]+)<\/p>/.exec(page)?.[1];
        assert.ok(due, page);
        return due;
      };

      const text = await sendPayLink();
      assert.equal(await pageAsks(text), '$250.56');
      assert.match(text, /Amount due: \$250\.56/);
      assert.match(text, new RegExp(`pay invoice ${issued.body.invoiceNumber} for your Wedding`));
      assert.doesNotMatch(text, /\$900\.00/, 'not the booking’s price');

      // A venue seeded before issue 24 keeps its stored template: "Amount: {{calculatedPrice}}".
      const list = await c.call('GET', '/api/email-templates', c.tokens.owner);
      const tpl = list.body.templates.find((t: any) => t.kind === 'payment_link');
      const older = await c.call('PUT', `/api/email-templates/${tpl.id}`, c.tokens.owner, {
        body: 'Hi {{customerName}},\n\nYou can pay for your {{eventType}} at {{hallName}} on {{bookingDate}} here:\n\n{{paymentLink}}\n\nAmount: {{calculatedPrice}}\n\nKind regards,\n{{businessName}}',
      });
      assert.equal(older.status, 200, older.text);
      const olderText = await sendPayLink();
      assert.match(olderText, /Amount: \$250\.56/);
      assert.equal(await pageAsks(olderText), '$250.56');
      assert.doesNotMatch(olderText, /\$900\.00/);
    } finally {
      c.deps.fetchPayLink = saved;
    }
  });

  it('money down when the e-mail is due: it stays pending and goes with its PDF once money answers', async () => {
    const { bookingId, invoice } = await bookedAndInvoiced('jane.outage@example.com');
    const issued = await published('invoice.issued', (d) => d.id === invoice.id);
    const moneyBack = setEnv({ MONEY_URL: 'http://127.0.0.1:9' }); // nothing listens
    try {
      await c.deliver(issued);
      const round = await deliverDue(c.t.kit, c.deps);
      assert.ok(round.retrying >= 1);
    } finally {
      moneyBack();
    }
    const rows = await c.t.kit.db.tenantTx(VENUE, (tx) =>
      tx.query<{ status: string; last_error: string }>(
        `SELECT status, last_error FROM emails WHERE tenant_id = $1 AND booking_id = $2 AND kind = 'invoice_issued'`,
        [VENUE, bookingId],
      ),
    );
    assert.equal(rows.rows[0]?.status, 'pending');
    assert.match(rows.rows[0]!.last_error, /could not be fetched from money/);
    assert.ok(
      !peer.received.some(
        (r) => r.to.includes('jane.outage@example.com') && r.mail.subject?.startsWith('Invoice'),
      ),
    );

    c.clock.advance(60_000);
    await deliverDue(c.t.kit, c.deps);
    const m = peer.received.find(
      (r) => r.to.includes('jane.outage@example.com') && r.mail.subject?.startsWith('Invoice'),
    );
    assert.ok(m, 'sent once money answered');
    assert.ok(
      (await pdfText(m.mail.attachments[0]!.content)).includes(`Invoice number: ${invoice.invoiceNumber}`),
    );
  });

  it('an invoice money does not have: the e-mail fails with the reason, never goes without its PDF', async () => {
    const { invoice } = await bookedAndInvoiced('jane.gone@example.com');
    const issued = await published('invoice.issued', (d) => d.id === invoice.id);
    const ghost = randomUUID();
    await c.deliver({
      ...issued,
      id: randomUUID(),
      data: {
        ...(issued.data as object),
        id: ghost,
        internalPdfPath: `/internal/invoices/${VENUE}/${ghost}/pdf`,
      },
    });
    await deliverDue(c.t.kit, c.deps);
    const rows = await c.t.kit.db.tenantTx(VENUE, (tx) =>
      tx.query<{ status: string; last_error: string }>(
        `SELECT status, last_error FROM emails WHERE tenant_id = $1 AND dedupe_key = $2`,
        [VENUE, `auto:invoice_issued:${ghost}`],
      ),
    );
    assert.equal(rows.rows[0]?.status, 'failed');
    assert.match(rows.rows[0]!.last_error, /could not be fetched from money: money: answered 404/);
    assert.ok(
      !peer.received.some(
        (r) => r.to.includes('jane.gone@example.com') && r.mail.subject?.startsWith('Invoice'),
      ),
    );
  });

  it('a venue that switched Invoice issued off gets no automatic invoice e-mail', async () => {
    const off = await c.call('PUT', '/api/email-comms/settings', c.tokens.owner, {
      automatic: { invoice_issued: false },
    });
    assert.equal(off.status, 200, off.text);
    const { invoice } = await bookedAndInvoiced('jane.off@example.com');
    const issued = await published('invoice.issued', (d) => d.id === invoice.id);
    // the same invoice, as it would reach comms for a venue (OWNER) that has the switch off, and
    // issued with nobody pressing Send (a confirmation's deposit invoice, a kept bond)
    await c.deliver({ ...issued, tenantId: OWNER, data: { ...(issued.data as object), requestedBy: null } });
    assert.deepEqual(
      (await history(c.tokens.owner, String(invoice.bookingId))).filter(
        (e: any) => e.kind === 'invoice_issued',
      ),
      [],
    );
    const settings = await c.call('GET', '/api/email-comms/settings', c.tokens.owner);
    assert.equal(settings.body.settings.automatic.invoice_issued, false);
  });

  it('a person’s Send is e-mailed with the invoice PDF even with Invoice issued off, and at once', async () => {
    const off = await c.call('PUT', '/api/email-comms/settings', c.tokens.owner, {
      automatic: { invoice_issued: false },
    });
    assert.equal(off.status, 200, off.text);
    // POST /api/invoices {issue: true} is Completed → Invoice / Send invoices: a person's Send.
    const { invoice } = await bookedAndInvoiced('jane.sent@example.com');
    const issued = await published('invoice.issued', (d) => d.id === invoice.id);
    assert.equal((issued.data as any).requestedBy, 'owner@harbourside.test', 'money names who pressed Send');
    const saved = c.clock.at;
    // 23:00 in Sydney: past the venue's day window, when an automatic e-mail would wait for morning.
    c.clock.at = new Date('2026-03-10T12:00:00.000Z');
    try {
      await c.deliver({ ...issued, tenantId: OWNER });
      const before = peer.received.length;
      await deliverDue(c.t.kit, c.deps);
      const mails = peer.received
        .slice(before)
        .filter((r) => r.to.includes('jane.sent@example.com') && r.mail.subject?.startsWith('Invoice'));
      assert.equal(mails.length, 1, 'sent now, whatever the switch and the hour');
      const pdf = mails[0]!.mail.attachments[0]!;
      assert.equal(pdf.filename, `${invoice.invoiceNumber}.pdf`);
      assert.equal(pdf.contentType, 'application/pdf');
      assert.equal(pdf.content.subarray(0, 5).toString('latin1'), '%PDF-');
      assert.ok((await pdfText(pdf.content)).includes(`Invoice number: ${invoice.invoiceNumber}`));
    } finally {
      c.clock.at = saved;
    }
  });

  it('the Invoices screen’s Send of a draft is a person’s Send too', async () => {
    const bookingId = await money.booking('booking.created', { totalCents: 55_000 });
    const draft = await moneyCall('POST', '/api/invoices', VENUE, { bookingId, invoiceType: 'FINAL' });
    assert.equal(draft.status, 201, draft.text);
    const sent = await moneyCall('PUT', `/api/invoices/${draft.body.id}/status`, VENUE, { status: 'SENT' });
    assert.equal(sent.status, 200, sent.text);
    const issued = await published('invoice.issued', (d) => d.id === draft.body.id);
    assert.ok((issued.data as any).requestedBy);
  });

  it('a venue with Payment reminders off still sends the one a person asked for, but none automatic', async () => {
    const off = await c.call('PUT', '/api/email-comms/settings', c.tokens.owner, {
      automatic: { payment_reminder: false },
    });
    assert.equal(off.status, 200, off.text);
    const { invoice } = await bookedAndInvoiced('jane.asked@example.com');
    const asked = await moneyCall('POST', '/api/invoices/send-reminders', VENUE, {
      invoiceIds: [invoice.id],
      hallOwnerId: VENUE,
    });
    assert.equal(asked.status, 200, asked.text);
    const byHand = await published('invoice.reminder_requested', (d) => d.id === invoice.id);
    const data = byHand.data as { requestedBy: string | null };
    assert.ok(data.requestedBy, 'Send Reminders names who asked');
    // as they would reach comms for a venue (OWNER) that has the switch off
    await c.deliver({ ...byHand, tenantId: OWNER });
    await c.deliver({
      ...byHand,
      id: randomUUID(),
      tenantId: OWNER,
      data: { ...data, requestedBy: null },
    });
    const reminders = (await history(c.tokens.owner, String(invoice.bookingId))).filter(
      (e: any) => e.kind === 'payment_reminder',
    );
    assert.equal(reminders.length, 1, 'the asked-for reminder only');
  });

  it('an adjustment note reaches the customer with its PDF, and their e-mail history shows it (issue 24 item 3)', async () => {
    const email = 'jane.credit@example.com';
    const invoice = await invoicedForOwner(email);
    const made = await moneyCall('POST', `/api/invoices/${invoice.id}/credit-notes`, VENUE, {
      amountCents: 15_000,
      reason: 'Room set up late',
    });
    assert.equal(made.status, 201, made.text);
    const number = made.body.creditNote.creditNoteNumber;
    const issued = await published('credit_note.issued', (d) => d.id === made.body.creditNote.id);
    await c.deliver(asOwner(issued));
    await c.deliver(asOwner({ ...issued, id: randomUUID() })); // published twice: one e-mail
    const before = peer.received.length;
    await deliverDue(c.t.kit, c.deps);
    const mails = mailsTo(email, before).filter((r) => r.mail.subject?.startsWith('Adjustment note'));
    assert.equal(mails.length, 1, 'one adjustment note e-mail');
    const m = mails[0]!.mail;
    assert.equal(m.subject, `Adjustment note ${number} for invoice ${invoice.invoiceNumber}`);
    assert.match(
      m.text!,
      new RegExp(`adjustment note ${number} against invoice ${invoice.invoiceNumber} for Wedding`),
    );
    const pdf = m.attachments[0]!;
    assert.equal(pdf.filename, `${number}.pdf`);
    assert.equal(pdf.contentType, 'application/pdf');
    assert.ok((await pdfText(pdf.content)).includes(`Adjustment note number: ${number}`));
    const credited = /Credited: (\$[\d,]+\.\d\d)/.exec(m.text!)?.[1];
    assert.equal(credited, await pdfAmount(pdf.content, 'Total credited (incl. GST)'));
    assert.equal(credited, '$150.00');
    // The customer's e-mail history (Email History, by their address) shows it, sent.
    const history = await c.call('GET', `/api/email-comms/history?search=${email}`, c.tokens.owner);
    const shown = history.body.items.filter((e: any) => e.kind === 'credit_note_issued');
    assert.equal(shown.length, 1, JSON.stringify(history.body.items));
    assert.equal(shown[0].status, 'sent');
    assert.equal(shown[0].subject, m.subject);
    assert.equal(shown[0].bookingId, invoice.bookingId);
    assert.deepEqual(
      shown[0].attachments.map((a: any) => a.filename),
      [`${number}.pdf`],
    );
  });

  it('a refund reaches the customer: the Refund e-mail with the adjustment note, its amounts as the PDF prints them (issue 24 item 3)', async () => {
    const email = 'jane.refund@example.com';
    const invoice = await invoicedForOwner(email);
    const paid = await moneyCall('POST', `/api/invoices/${invoice.id}/payments`, VENUE, {
      amountCents: 50_000,
      paymentMethod: 'Bank Transfer',
      reference: 'EFT',
    });
    assert.equal(paid.status, 201, paid.text);
    const made = await moneyCall('POST', `/api/invoices/${invoice.id}/credit-notes`, VENUE, {
      amountCents: 20_000,
      reason: 'Fewer guests',
      refund: { paymentMethod: 'Bank Transfer', reference: 'REFUND 1' },
    });
    assert.equal(made.status, 201, made.text);
    const number = made.body.creditNote.creditNoteNumber;
    await c.deliver(asOwner(await published('credit_note.issued', (d) => d.id === made.body.creditNote.id)));
    // the refund's payment.recorded is no receipt e-mail ("thank you for your payment")
    await c.deliver(asOwner(await published('payment.recorded', (d) => d.paymentId === made.body.refund.id)));
    const before = peer.received.length;
    await deliverDue(c.t.kit, c.deps);
    // (the booking's confirmation aside) one e-mail: the refund, no "thank you for your payment"
    const mails = mailsTo(email, before).filter((r) => !r.mail.subject?.startsWith('Your booking'));
    assert.deepEqual(
      mails.map((r) => r.mail.subject),
      [`Your refund of $200.00: adjustment note ${number}`],
    );
    const m = mails[0]!.mail;
    const pdf = m.attachments[0]!.content;
    const refunded = /Refunded: (\$[\d,]+\.\d\d)/.exec(m.text!)?.[1];
    assert.equal(refunded, await pdfAmount(pdf, 'Refunded'));
    assert.equal(
      /Credited: (\$[\d,]+\.\d\d)/.exec(m.text!)?.[1],
      await pdfAmount(pdf, 'Total credited (incl. GST)'),
    );
    assert.match(m.text!, /We have refunded \$200\.00 to you for Wedding/);
  });

  it('adjustment note e-mails are on by default, each venue has the templates, and the switch turns them off (issue 24 item 3)', async () => {
    const settings = await c.call('GET', '/api/email-comms/settings', c.tokens.other);
    assert.equal(settings.body.settings.automatic.credit_note_issued, true, 'on by default');
    const kinds = (await c.call('GET', '/api/email-templates', c.tokens.other)).body.templates.map(
      (t: any) => t.kind,
    );
    assert.ok(kinds.includes('credit_note') && kinds.includes('refund'), kinds.join());
    const off = await c.call('PUT', '/api/email-comms/settings', c.tokens.owner, {
      automatic: { credit_note_issued: false },
    });
    assert.equal(off.status, 200, off.text);
    try {
      const email = 'jane.creditoff@example.com';
      const invoice = await invoicedForOwner(email);
      const made = await moneyCall('POST', `/api/invoices/${invoice.id}/credit-notes`, VENUE, {
        amountCents: 1_000,
        reason: 'Goodwill',
      });
      assert.equal(made.status, 201, made.text);
      await c.deliver(
        asOwner(await published('credit_note.issued', (d) => d.id === made.body.creditNote.id)),
      );
      const history = await c.call('GET', `/api/email-comms/history?search=${email}`, c.tokens.owner);
      assert.deepEqual(
        history.body.items.filter((e: any) => e.kind === 'credit_note_issued'),
        [],
      );
    } finally {
      await c.call('PUT', '/api/email-comms/settings', c.tokens.owner, {
        automatic: { credit_note_issued: true },
      });
    }
  });

  it('a paid invoice sent to the customer again goes as a copy: subject and body say so, the PDF is marked COPY (issue 24 item 14)', async () => {
    const email = 'jane.copy@example.com';
    const invoice = await invoicedForOwner(email);
    const paid = await moneyCall('PUT', `/api/invoices/${invoice.id}/status`, VENUE, { status: 'PAID' });
    assert.equal(paid.status, 200, paid.text);
    const again = await moneyCall('POST', `/api/invoices/${invoice.id}/send`, VENUE, {});
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.copy, true);
    const copy = await published('invoice.copy_requested', (d) => d.id === invoice.id);
    await c.deliver(asOwner(copy));
    await c.deliver(asOwner(copy)); // the same request redelivered: one e-mail
    const before = peer.received.length;
    await deliverDue(c.t.kit, c.deps);
    const mails = mailsTo(email, before).filter((r) => r.mail.subject?.startsWith('Copy:'));
    assert.equal(mails.length, 1);
    const m = mails[0]!.mail;
    assert.equal(m.subject, `Copy: Invoice ${invoice.invoiceNumber} for your booking ${invoice.bookingCode}`);
    assert.match(m.text!, new RegExp(`This is a copy of invoice ${invoice.invoiceNumber}, sent again`));
    const pdf = m.attachments[0]!.content;
    assert.match(await pdfText(pdf), /COPY/);
    // paid: the e-mail says nothing is due, as its PDF does
    const due = /Amount due: (\$[\d,]+\.\d\d) by /.exec(m.text!)?.[1];
    assert.equal(due, await pdfAmount(pdf, 'Balance due'));
    assert.equal(due, '$0.00');
    // A second Send is a second copy.
    const third = await moneyCall('POST', `/api/invoices/${invoice.id}/send`, VENUE, {});
    assert.equal(third.status, 200, third.text);
    await c.deliver(asOwner(await published('invoice.copy_requested', (d) => d.id === invoice.id)));
    const b2 = peer.received.length;
    await deliverDue(c.t.kit, c.deps);
    assert.equal(mailsTo(email, b2).filter((r) => r.mail.subject?.startsWith('Copy:')).length, 1);
  });

  it('Share by e-mail attaches the invoice’s PDF and names its figures; another venue’s invoice is refused (issue 24 item 14)', async () => {
    const email = 'jane.share@example.com';
    const invoice = await invoicedForOwner(email);
    const part = await moneyCall('POST', `/api/invoices/${invoice.id}/payments`, VENUE, {
      amountCents: 15_000,
      paymentMethod: 'Bank Transfer',
      reference: 'EFT',
    });
    assert.equal(part.status, 201, part.text);
    // Shared by the venue whose invoice it is (money's VENUE), as the Dashboard's link does.
    const venue = await c.ownerToken(VENUE);
    const sent = await c.call('POST', '/api/email-comms/send', venue, {
      recipientEmail: email,
      recipientName: 'Jane Smith',
      customSubject: `Invoice ${invoice.invoiceNumber}`,
      customBody: 'Dear Jane,\n\nPlease find invoice {{invoiceNumber}} attached, with {{amountDue}} to pay.',
      invoiceId: invoice.id,
      purpose: 'general',
    });
    assert.equal(sent.status, 202, sent.text);
    assert.deepEqual(
      sent.body.email.attachments.map((a: any) => a.filename),
      [`${invoice.invoiceNumber}.pdf`],
    );
    const before = peer.received.length;
    await deliverDue(c.t.kit, c.deps);
    const m = mailsTo(email, before).find((r) => r.mail.subject === `Invoice ${invoice.invoiceNumber}`);
    assert.ok(m, 'the shared e-mail went');
    const pdf = m.mail.attachments[0]!;
    assert.equal(pdf.filename, `${invoice.invoiceNumber}.pdf`);
    assert.ok((await pdfText(pdf.content)).includes(`Invoice number: ${invoice.invoiceNumber}`));
    const due = /with (\$[\d,]+\.\d\d) to pay/.exec(m.mail.text!)?.[1];
    assert.equal(due, await pdfAmount(pdf.content, 'Balance due'));
    assert.equal(due, '$1,500.00');
    // An invoice this venue does not have: 404 naming the field, nothing queued.
    const ghost = await c.call('POST', '/api/email-comms/send', venue, {
      recipientEmail: email,
      customSubject: 'Nope',
      customBody: 'x',
      invoiceId: randomUUID(),
    });
    assert.equal(ghost.status, 404, ghost.text);
    assert.equal(ghost.body.errors[0].path, 'invoiceId');
  });

  it('a quotation e-mail names its number, the event’s date and times and the resource’s name; its PDF is named by the number (issue 24 item 2)', async () => {
    const email = 'jane.quote24@example.com';
    // a date a month and more from today, as a venue quotes ahead
    const eventDate = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const made = await moneyCall(
      'POST',
      '/api/quotations',
      VENUE,
      quotationForm({ customerEmail: email, eventDate, startTime: '18:30', endTime: '23:15' }),
    );
    assert.equal(made.status, 201, made.text);
    const sent = await moneyCall('PUT', `/api/quotations/${made.body.id}/status`, VENUE, { status: 'Sent' });
    assert.equal(sent.status, 200, sent.text);
    const number: string = sent.body.number;
    assert.match(number, /^QUO-\d{4}-\d{5}$/);
    await c.deliver(await published('quotation.sent', (d) => d.quotationId === made.body.id));
    const before = peer.received.length;
    await deliverDue(c.t.kit, c.deps);
    const m = mailsTo(email, before).find((r) => r.mail.subject?.startsWith('Your quotation'))?.mail;
    assert.ok(m, 'the quotation e-mail went');
    assert.equal(m.subject, `Your quotation ${number} for Wedding at Main Hall`);
    const day = new Intl.DateTimeFormat('en-AU', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    })
      .format(new Date(`${eventDate}T12:00:00Z`))
      .replace(/,/g, '');
    assert.match(
      m.text!,
      new RegExp(`our quotation ${number} for Wedding at Main Hall on ${day} \\(18:30–23:15\\)`),
    );
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    assert.doesNotMatch(`${m.subject}\n${m.text}`, uuid, 'no id where a name or number belongs');
    const pdf = m.attachments[0]!;
    assert.equal(pdf.filename, `${number}.pdf`);
    assert.ok((await pdfText(pdf.content)).includes(number));
    assert.doesNotMatch(pdf.filename!, uuid);
    // the e-mail's total is the one the quotation PDF prints (issue 24 item 1)
    const total = /Estimated total: (\$[\d,]+\.\d\d)/.exec(m.text!)?.[1];
    assert.equal(total, await pdfAmount(pdf.content, 'Total (incl. GST)'));
  });
});

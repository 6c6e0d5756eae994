/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/**
 * The customer's door's e-mails (issue 25, decision 56), end to end with the real services that
 * publish their events and spend their links: bookings (a request from the booking page, its
 * verification, the booking it becomes, staff's steps on it, a customer's change request from the
 * portal) and admin (a portal sign-in link). Each event goes to comms as the relay hands it over;
 * the worker sends through a real SMTP peer; the link is read out of the e-mail as the customer's
 * mail program shows it and opened against the service that made it.
 *
 * The booking page's clock is fixed (Monday 3 March 2031, 11:00 in Sydney), comms' with it, so
 * the dates and the links' ends read the same on any day; admin's sign-in link is made at the real
 * time, and comms' clock is moved to it for that part. PGlite and, with TEST_DATABASE_URL,
 * PostgreSQL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@venue/contracts';
import { findLinks } from '@venue/contracts/comms';
import { PAYMENT_SETTINGS_DEFAULTS } from '@venue/contracts/money-api';
import { settingsChangedEvent, visitorHeaders, type TestService } from '@venue/service-kit/testing';
// The real services whose events and links these are (their own test harnesses).
import { startHarness, OWNER, type Harness as Bookings } from '../../../bookings/src/testing/harness.ts';
import {
  asCustomer,
  online,
  openDoors,
  requestBody,
  SLUG,
  visit,
} from '../../../bookings/src/door/door-testing.ts';
import {
  call as adminCall,
  login,
  startAdmin,
  type Harness as Admin,
} from '../../../admin/src/testing/harness.ts';
import { deliverDue, LINK_EXPIRED } from '../mail/worker.ts';
import { MASKED_TOKEN } from '../mail/secret-links.ts';
import { startComms, startPeer, type Comms } from '../testing/harness.ts';

const ORIGIN = 'https://venues.example';
const NOW = new Date('2031-03-03T00:00:00Z'); // Monday 11:00 in Sydney (AEDT)
const VENUE_ADDRESS = 'office@harbourside.example';
const HARBOURSIDE = 'harbourside-hall';

describe('the customer door’s e-mails', () => {
  let admin: Admin;
  let venue2: string; // the demo owner's venue in admin (harbourside-hall)
  let b: Bookings;
  let c: Comms;
  let peer: Awaited<ReturnType<typeof startPeer>>;
  // bookings' staff calls
  const staff: Bookings['call'] = (...args) => b.call(...args);

  before(async () => {
    admin = await startAdmin();
    const owner = await login(admin, 'owner@demo.local');
    venue2 = owner.userId;
    b = await startHarness();
    c = await startComms({ publicOrigin: ORIGIN });
    peer = await startPeer();
    c.useSmtp(peer.port);
    b.clock.now = NOW;
    c.clock.at = NOW;
    // The venue's settings as admin publishes them: its business e-mail (where its own e-mails
    // go) and its booking page. comms' From and Reply-To come from admin (hello@…): not this one.
    await c.deliver(
      settingsChangedEvent(OWNER, 2, {
        payment: {
          ...PAYMENT_SETTINGS_DEFAULTS,
          businessName: 'Harbourside Hall',
          businessEmail: VENUE_ADDRESS,
        },
        onlineBookings: online(),
      }),
    );
  });
  after(async () => {
    await peer?.close();
    await c?.close();
    await b?.t.close();
    await admin?.close();
  });

  const forwarded = new Set<string>();
  /** The service's events of `type` not handed over yet, delivered to comms as its relay would. */
  async function forward(kit: TestService['kit'], type: string): Promise<number> {
    const { rows } = await kit.db.query<{
      id: string;
      version: number;
      source: string;
      tenant_id: string | null;
      occurred_at: Date | string;
      data: unknown;
    }>(`SELECT id, version, source, tenant_id, occurred_at, data FROM outbox WHERE type = $1 ORDER BY seq`, [
      type,
    ]);
    let n = 0;
    for (const r of rows) {
      if (forwarded.has(r.id)) continue;
      forwarded.add(r.id);
      const event: DomainEvent = {
        id: r.id,
        type,
        version: r.version,
        source: r.source,
        tenantId: r.tenant_id,
        occurredAt: new Date(r.occurred_at).toISOString(),
        data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
      };
      await c.deliver(event);
      n++;
    }
    return n;
  }
  /** What bookings published since the last call, in comms. */
  async function fromBookings() {
    for (const type of [
      'booking.request_verification_requested',
      'booking.created',
      'booking.updated',
      'booking.status_changed',
      'booking.request_received',
      'booking.customer_changes_requested',
    ])
      await forward(b.t.kit, type);
  }
  const send = () => deliverDue(c.t.kit, c.deps);
  const mailTo = (address: string) => peer.received.filter((r) => r.to.includes(address)).map((r) => r.mail);
  const history = async (query: string) =>
    (await c.call('GET', `/api/email-comms/history?${query}`, c.tokens.owner)).body.items as any[];
  /** What comms keeps of the messages to an address (subject and both bodies), straight from its tables. */
  const kept = (address: string) =>
    c.t.kit.db.systemTx(async (tx) => {
      const { rows } = await tx.query<{ subject: string; body_text: string; body_html: string }>(
        `SELECT subject, body_text, body_html FROM emails WHERE lower(to_email) = $1`,
        [address],
      );
      return rows.map((r) => `${r.subject}\n${r.body_text}\n${r.body_html}`).join('\n');
    });
  const escapeHtml = (s: string) => s.replace(/&/g, '&amp;');

  describe('Verify your e-mail, then Request received and New request', () => {
    const ADA = 'ada.verify@example.com';
    let code = '';
    let bookingId = '';

    it('e-mails the link that sends the request; the link works from the e-mail, once; comms keeps it masked', async () => {
      await openDoors(b, { verifyEmail: true });
      const r = await visit(b, 'POST', '/requests', requestBody('2031-03-15', { email: ADA }));
      assert.equal(r.status, 202, r.text);
      assert.equal(r.body.status, 'verify');
      await fromBookings();
      // the relay delivering the same event again, and once more under another id: one e-mail
      const again = (
        await b.t.kit.db.query<{ id: string; data: any }>(
          `SELECT id, data FROM outbox WHERE type = 'booking.request_verification_requested' ORDER BY seq DESC LIMIT 1`,
        )
      ).rows[0]!;
      await c.deliver({
        id: randomUUID(),
        type: 'booking.request_verification_requested',
        source: 'bookings',
        tenantId: OWNER,
        occurredAt: NOW.toISOString(),
        data: typeof again.data === 'string' ? JSON.parse(again.data) : again.data,
      });
      // Pending: the history already shows the link masked (whoever reads it is not the customer).
      const waiting = (await history(`search=${ADA}`))[0];
      assert.equal(waiting.status, 'pending');
      assert.match(waiting.body, new RegExp(`/verify\\?token=${MASKED_TOKEN}`));
      await send();

      const mails = mailTo(ADA);
      assert.equal(mails.length, 1, 'once');
      const m = mails[0]!;
      assert.equal(m.subject, 'Please confirm your e-mail to send your request to Harbourside Hall');
      assert.match(m.text!, /^Hi Ada Lovelace,/);
      assert.match(m.text!, /Thank you for your request for Main Hall:\n\nSat 15 Mar 2031, 18:00–22:00\n/);
      // 24 hours from the request, on the venue's clock
      assert.match(m.text!, /The link works once, until Tue 4 Mar 2031, 11:00 am\./);
      const link = findLinks(m.text!).find((l) => l.includes('/verify?token='));
      assert.ok(link, m.text!);
      assert.ok(link.startsWith(`${ORIGIN}/book/${SLUG}/verify?token=`), link);
      // the HTML part carries it as a link to open
      assert.ok((m.html as string).includes(`<a href="${escapeHtml(link)}">`), m.html as string);

      // The customer opens it: the request reaches the venue, once.
      const url = new URL(link);
      const slug = url.pathname.split('/')[2]!;
      const token = url.searchParams.get('token')!;
      const opened = await visit(b, 'POST', '/requests/verify', { token }, { slug });
      assert.equal(opened.status, 200, opened.text);
      assert.equal(opened.body.status, 'received');
      code = opened.body.booking.code;
      const twice = await visit(b, 'POST', '/requests/verify', { token }, { slug });
      assert.equal(twice.body.status, 'already');

      // Sent: what comms keeps has no working link, in its tables, its history or the venue's export.
      assert.ok(!(await kept(ADA)).includes(token), 'the token is nowhere in comms’ e-mails');
      assert.match(await kept(ADA), new RegExp(`/book/${SLUG}/verify\\?token=${MASKED_TOKEN}`));
      const [sent] = await history(`search=${ADA}`);
      assert.equal(sent.status, 'sent');
      assert.equal(sent.kind, 'request_verification');
      assert.equal(sent.templateName, 'Verify your e-mail');
      const detail = await c.call('GET', `/api/email-comms/history/${sent.id}`, c.tokens.owner);
      assert.ok(!detail.text.includes(token));
      const exported = await fetch(`${c.t.url}/internal/tenant-export/${OWNER}`, {
        headers: { 'x-venue-internal': process.env.INTERNAL_SECRET! },
      });
      assert.ok(!(await exported.text()).includes(token));
    });

    it('the booking it became: Request received to the customer, New request to the venue’s business e-mail', async () => {
      await fromBookings();
      await send();
      const toAda = mailTo(ADA);
      assert.equal(toAda.length, 2, toAda.map((m) => m.subject).join(' | '));
      const received = toAda[1]!;
      assert.equal(received.subject, 'We have received your request for Main Hall');
      assert.match(
        received.text!,
        /for Birthday Party at Main Hall:\n\n- Sat 15 Mar 2031, 18:00–22:00 \(HH-/,
      );
      assert.ok(received.text!.includes(`(${code})`));
      assert.match(received.text!, /We will look at your request and let you know by e-mail\./);
      assert.ok(received.text!.includes(`at ${ORIGIN}/my?venue=${SLUG}`), received.text!);
      assert.equal(received.from?.value[0]?.name, 'Harbourside Hall');

      const toVenue = mailTo(VENUE_ADDRESS);
      assert.equal(toVenue.length, 1);
      const v = toVenue[0]!;
      assert.equal(v.subject, `New request ${code}: Birthday Party at Main Hall on Sat 15 Mar 2031`);
      assert.match(v.text!, /It waits for your answer in Booking Requests\./);
      assert.match(
        v.text!,
        /Customer: Ada Lovelace\nE-mail: ada\.verify@example\.com\nPhone: .*412.*345.*678/,
      );
      assert.match(v.text!, /Guests: 60/);
      assert.match(v.text!, /Will alcohol be served\?: Yes/);
      assert.match(v.text!, /Seating: Banquet/i);
      assert.match(v.text!, /We bring our own cake\./);
      const open = findLinks(v.text!).find((l) => l.includes('/BookingsAll'));
      assert.equal(open, `${ORIGIN}/BookingsAll?q=${code}`);

      const items = await history(`search=${code}`);
      bookingId = (await history(`search=${ADA}`)).find((e) => e.kind === 'request_received').bookingId;
      const byBooking = await history(`bookingId=${bookingId}`);
      assert.deepEqual(byBooking.map((e) => e.kind).sort(), ['request_received', 'venue_new_request']);
      assert.ok(items.some((e) => e.kind === 'venue_new_request'));
    });
  });

  describe('the venue’s steps on a website request e-mail the customer as on any booking', () => {
    async function requested(email: string, date: string) {
      const r = await visit(b, 'POST', '/requests', requestBody(date, { email, name: `Customer ${date}` }));
      assert.equal(r.status, 201, r.text);
      await fromBookings();
      await send();
      const { rows } = await b.t.kit.db.systemTx((tx) =>
        tx.query<{ id: string; booking_code: string }>(
          `SELECT id, booking_code FROM bookings WHERE tenant_id = $1 AND lower(customer_email) = $2`,
          [OWNER, email],
        ),
      );
      return rows[0]!;
    }

    it('in the venue’s hold mode, one e-mail says the hold and its end (no Hold placed beside it)', async () => {
      await openDoors(b, { mode: 'hold', verifyEmail: false });
      const BO = 'bo.hold@example.com';
      const made = await requested(BO, '2031-03-22');
      const mails = mailTo(BO);
      assert.deepEqual(
        mails.map((m) => m.subject),
        ['We have received your request for Main Hall'],
      );
      // 24 hours from the request, on the venue's clock
      assert.match(
        mails[0]!.text!,
        /We are holding the time for you until Tue 4 Mar 2031, 11:00 am, and will confirm your booking by e-mail before then\./,
      );
      const venue = mailTo(VENUE_ADDRESS).find((m) => m.subject?.includes(made.booking_code))!;
      assert.match(
        venue.text!,
        /held for the customer until Tue 4 Mar 2031, 11:00 am \(your automatic hold\)/,
      );

      // Staff confirm the held request: the customer's confirmation, as for any booking.
      const confirmed = await staff('PUT', `/api/bookings/${made.id}/status`, b.tokens.owner, {
        status: 'confirmed',
      });
      assert.equal(confirmed.status, 200, confirmed.text);
      await fromBookings();
      await send();
      assert.deepEqual(
        mailTo(BO).map((m) => m.subject),
        ['We have received your request for Main Hall', `Your booking ${made.booking_code} is confirmed`],
      );
    });

    it('a request: staff hold it, ask for changes, decline it; each step’s e-mail goes as today', async () => {
      await openDoors(b, { mode: 'request', verifyEmail: false });
      const CY = 'cy.request@example.com';
      const DI = 'di.request@example.com';
      const cy = await requested(CY, '2031-03-29');
      const di = await requested(DI, '2031-04-05');

      const held = await staff('POST', `/api/bookings/${cy.id}/accept`, b.tokens.owner, {});
      assert.equal(held.status, 200, held.text);
      const changes = await staff('POST', `/api/bookings/${di.id}/request-changes`, b.tokens.owner, {
        message: 'Could you make it 40 guests?',
      });
      assert.equal(changes.status, 200, changes.text);
      const declined = await staff('POST', `/api/bookings/${di.id}/decline`, b.tokens.owner, {
        reason: 'capacity',
      });
      assert.equal(declined.status, 200, declined.text);
      await fromBookings();
      await send();

      assert.deepEqual(
        mailTo(CY).map((m) => m.subject),
        [
          'We have received your request for Main Hall',
          'We are holding Main Hall for you until Wed 5 Mar 2031, 11:00 am',
        ],
      );
      // The two answers leave in one round of the worker, which sends in parallel on the
      // PostgreSQL server: compared by subject, not by the order the SMTP peer took them.
      const toDi = mailTo(DI);
      const bySubject = (subject: string) => toDi.find((m) => m.subject === subject);
      assert.deepEqual(toDi.map((m) => m.subject).sort(), [
        `Changes needed for your booking ${di.booking_code}`,
        'We have received your request for Main Hall',
        `Your booking request ${di.booking_code}`,
      ]);
      assert.match(
        bySubject(`Changes needed for your booking ${di.booking_code}`)!.text!,
        /Could you make it 40 guests\?/,
      );
      assert.match(
        bySubject(`Your booking request ${di.booking_code}`)!.text!,
        /Reason: The guest count exceeds the venue capacity/,
      );
    });

    it('a customer’s change request from the portal reaches the venue, with the message and the booking’s link', async () => {
      const EVE = 'eve.changes@example.com';
      const made = await requested(EVE, '2031-04-12');
      const asked = await asCustomer(b, EVE, 'POST', `/api/portal/bookings/${made.id}/changes`, {
        message: 'Can we start at 17:00 instead?',
      });
      assert.equal(asked.status, 200, asked.text);
      await fromBookings();
      await send();
      const m = mailTo(VENUE_ADDRESS).find((x) => x.subject?.includes('asks for changes'))!;
      assert.ok(m, 'the venue is told');
      assert.equal(m.subject, `Customer 2031-04-12 asks for changes to ${made.booking_code}`);
      assert.match(m.text!, /Can we start at 17:00 instead\?/);
      assert.match(m.text!, /on Sat 12 Apr 2031 from 18:00 to 22:00/);
      assert.ok(m.text!.includes(`${ORIGIN}/BookingsAll?q=${made.booking_code}`));
      // the customer gets no e-mail for their own message
      assert.equal(mailTo(EVE).length, 1);
    });

    it('sends no Request received while the venue keeps that template inactive (the venue is still told)', async () => {
      const templates = (await c.call('GET', '/api/email-templates', c.tokens.owner)).body.templates;
      const tpl = templates.find((t: any) => t.kind === 'request_received');
      const off = await c.call('PUT', `/api/email-templates/${tpl.id}`, c.tokens.owner, { isActive: false });
      assert.equal(off.status, 200, off.text);
      try {
        const FAY = 'fay.quiet@example.com';
        const made = await requested(FAY, '2031-04-19');
        assert.equal(mailTo(FAY).length, 0);
        assert.ok(mailTo(VENUE_ADDRESS).some((m) => m.subject?.includes(made.booking_code)));
      } finally {
        await c.call('PUT', `/api/email-templates/${tpl.id}`, c.tokens.owner, { isActive: true });
      }
    });
  });

  describe('Your portal link', () => {
    before(async () => {
      // admin makes its links at the real time; comms' clock goes there too
      c.clock.at = new Date();
      // admin's own snapshot of its demo venue, as it publishes it
      const { rows } = await admin.kit.db.query<{ id: string; data: unknown }>(
        `SELECT id, data FROM outbox WHERE type = 'tenant.settings_changed' AND tenant_id = $1 ORDER BY seq DESC LIMIT 1`,
        [venue2],
      );
      assert.ok(rows[0], 'admin published the demo venue’s settings');
      await c.deliver({
        id: rows[0].id,
        type: 'tenant.settings_changed',
        source: 'admin',
        tenantId: venue2,
        occurredAt: new Date().toISOString(),
        data: typeof rows[0].data === 'string' ? JSON.parse(rows[0].data) : rows[0].data,
      });
    });

    const ask = (email: string) =>
      adminCall(admin, 'POST', `/api/public/venues/${HARBOURSIDE}/portal-link`, {
        headers: visitorHeaders(venue2, HARBOURSIDE, '198.51.100.7'),
        body: { email },
      });

    it('e-mails a sign-in link that starts a session once; comms keeps it masked', async () => {
      const GUS = 'gus.portal@example.com';
      assert.equal((await ask(GUS)).status, 202);
      await forward(admin.kit, 'customer.portal_link_requested');
      await send();
      const mails = mailTo(GUS);
      assert.equal(mails.length, 1);
      const m = mails[0]!;
      assert.match(m.subject!, /^Your sign-in link for \S/);
      assert.match(m.text!, /^Hello,/);
      const link = findLinks(m.text!).find((l) => l.includes('/my/sign-in?token='));
      assert.ok(link?.startsWith(`${ORIGIN}/my/sign-in?token=`), m.text!);
      if (!link) return;
      assert.ok((m.html as string).includes(`<a href="${escapeHtml(link)}">`));
      const token = new URL(link).searchParams.get('token')!;
      const session = await adminCall(admin, 'POST', '/api/portal/session', { body: { token } });
      assert.equal(session.status, 200, JSON.stringify(session.body));
      assert.ok(session.body.token);
      const again = await adminCall(admin, 'POST', '/api/portal/session', { body: { token } });
      assert.equal(again.status, 401);

      const owner2 = await c.ownerToken(venue2);
      const [sent] = (await c.call('GET', `/api/email-comms/history?search=${GUS}`, owner2)).body.items;
      assert.equal(sent.kind, 'portal_link');
      assert.equal(sent.status, 'sent');
      assert.ok(!JSON.stringify(sent).includes(token));
      assert.ok(sent.body.includes(`/my/sign-in?token=${MASKED_TOKEN}`));
    });

    it('goes in the venue’s words while its template is active, and in the default words when it is not', async () => {
      const owner2 = await c.ownerToken(venue2);
      const tpl = (await c.call('GET', '/api/email-templates', owner2)).body.templates.find(
        (t: any) => t.kind === 'portal_link',
      );
      const own = await c.call('PUT', `/api/email-templates/${tpl.id}`, owner2, {
        subject: 'Sign in to {{businessName}}',
        body: 'Tap {{portalLink}} before {{linkExpiresAt}}.',
      });
      assert.equal(own.status, 200, own.text);
      const HAL = 'hal.portal@example.com';
      await ask(HAL);
      await forward(admin.kit, 'customer.portal_link_requested');
      await send();
      assert.match(
        mailTo(HAL)[0]!.text!,
        /^Tap https:\/\/venues\.example\/my\/sign-in\?token=\S+ before \w{3} /,
      );

      const off = await c.call('PUT', `/api/email-templates/${tpl.id}`, owner2, { isActive: false });
      assert.equal(off.status, 200, off.text);
      const IDA = 'ida.portal@example.com';
      await ask(IDA);
      await forward(admin.kit, 'customer.portal_link_requested');
      await send();
      const m = mailTo(IDA)[0]!;
      assert.ok(m, 'always sent: the link is what lets the customer in');
      assert.match(m.text!, /^Hello,\n\nHere is your link to sign in/);
    });

    it('never sends a link that has expired: not queued when it comes late, failed and masked when it waited too long', async () => {
      const now = c.clock.now();
      const link = (email: string, expiresAt: Date): DomainEvent => ({
        id: randomUUID(),
        type: 'customer.portal_link_requested',
        source: 'admin',
        tenantId: OWNER,
        occurredAt: now.toISOString(),
        data: {
          tenantId: OWNER,
          slug: SLUG,
          email,
          token: 'a'.repeat(43),
          expiresAt: expiresAt.toISOString(),
        },
      });
      await c.deliver(link('late.link@example.com', new Date(now.getTime() - 1000)));
      assert.deepEqual(await history('search=late.link'), []);

      await c.deliver(link('slow.link@example.com', new Date(now.getTime() + 60_000)));
      c.clock.advance(2 * 60_000); // the mail server was down until after the link's end
      await send();
      assert.equal(mailTo('slow.link@example.com').length, 0);
      const [failed] = await history('search=slow.link');
      assert.equal(failed.status, 'failed');
      assert.equal(failed.lastError, LINK_EXPIRED);
      assert.ok(!(await kept('slow.link@example.com')).includes('a'.repeat(43)), 'masked once given up');
      const alert = await c.t.kit.db.query<{ data: any }>(
        `SELECT data FROM outbox WHERE type = 'email.failed' AND data->>'emailId' = $1`,
        [failed.id],
      );
      assert.equal(alert.rows.length, 1, 'the Dashboard hears of it');
    });
  });
});

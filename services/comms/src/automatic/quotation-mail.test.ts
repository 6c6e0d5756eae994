/**
 * Quotation e-mails from money's events (decision 33): Send queues the venue's Quotation template
 * to the customer with money's PDF fetched at send time, once per event; Decline queues the
 * decline notice. PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { unstarted, useStarted } from '@venue/service-kit/testing';
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@venue/contracts';
import { booking, bookingEvent, HALL, OWNER, startComms, type Comms } from '../testing/harness.ts';

const c = unstarted<Comms>();

const quotationId = randomUUID();
function event(
  type: 'quotation.sent' | 'quotation.declined',
  over: Record<string, unknown> = {},
): DomainEvent {
  return {
    id: randomUUID(),
    type,
    version: 1,
    source: 'money',
    tenantId: OWNER,
    occurredAt: new Date().toISOString(),
    data: {
      quotationId,
      hallOwnerId: OWNER,
      customerName: 'Jane Smith',
      customerEmail: 'jane.quote@example.com',
      eventType: 'Wedding',
      eventDate: '2026-12-12',
      resourceName: 'Main Hall',
      totalCents: 550_000,
      depositCents: 110_000,
      validUntil: '2026-12-01',
      status: type === 'quotation.sent' ? 'Sent' : 'Declined',
      pdfPath: type === 'quotation.sent' ? `/internal/quotations/${OWNER}/${quotationId}/pdf` : null,
      ...over,
    },
  } as DomainEvent;
}

const queued = () =>
  c.t.kit.db.tenantTx(OWNER, async (tx) => {
    const { rows } = await tx.query<{
      kind: string;
      subject: string;
      body_text: string;
      attachment_fetch: { path: string; filename: string } | null;
    }>(
      `SELECT kind, subject, body_text, attachment_fetch FROM emails
        WHERE tenant_id = $1 AND to_email = 'jane.quote@example.com' ORDER BY created_at, id`,
      [OWNER],
    );
    return rows;
  });

describe('quotation e-mails', () => {
  // In the suite, not at the top: with the workspace's files in one process, top-level hooks
  // belong to the run, and this comms would be up from the first file's tests to the last's.
  useStarted(startComms, c);

  it('Send: the Quotation template with the PDF from money, once per event', async () => {
    const sent = event('quotation.sent');
    await c.deliver(sent);
    await c.deliver(sent); // redelivered
    const rows = await queued();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.kind, 'quotation');
    assert.match(rows[0]!.subject, /Wedding at Main Hall/);
    assert.match(rows[0]!.body_text, /Jane Smith/);
    assert.deepEqual(
      { path: rows[0]!.attachment_fetch?.path, filename: rows[0]!.attachment_fetch?.filename },
      { path: `/internal/quotations/${OWNER}/${quotationId}/pdf`, filename: 'quotation.pdf' },
    );
  });

  it('Decline: the customer is told, without an attachment', async () => {
    await c.deliver(event('quotation.declined'));
    const rows = await queued();
    const declined = rows.find((r) => r.kind === 'quotation_declined');
    assert.ok(declined, JSON.stringify(rows));
    assert.match(declined.body_text, /has been declined/);
    assert.match(declined.body_text, /\$5,500\.00/);
    assert.equal(declined.attachment_fetch, null);
  });

  it('names the quotation by its number, the event by its date and times, never a resource id (issue 24 item 2)', async () => {
    const q = randomUUID();
    // comms knows the hall from a booking of it; the quotation names it by its id alone
    await c.deliver(
      bookingEvent('booking.created', booking({ resourceId: HALL, resourceName: 'Main Hall' })),
    );
    const resource = HALL;
    const at = (type: 'quotation.sent' | 'quotation.declined') =>
      event(type, {
        quotationId: q,
        number: 'QUO-2026-00042',
        startTime: '10:00',
        endTime: '14:30',
        resourceName: resource, // a quotation saved with the resource's id alone
        customerEmail: 'jane.numbered@example.com',
      });
    await c.deliver(at('quotation.sent'));
    await c.deliver(at('quotation.declined'));
    const rows = (
      await c.t.kit.db.tenantTx(OWNER, (tx) =>
        tx.query<{
          kind: string;
          subject: string;
          body_text: string;
          attachment_fetch: { filename: string } | null;
        }>(
          `SELECT kind, subject, body_text, attachment_fetch FROM emails
            WHERE tenant_id = $1 AND to_email = 'jane.numbered@example.com' ORDER BY created_at, id`,
          [OWNER],
        ),
      )
    ).rows;
    const sent = rows.find((r) => r.kind === 'quotation')!;
    const declined = rows.find((r) => r.kind === 'quotation_declined')!;
    assert.equal(sent.subject, 'Your quotation QUO-2026-00042 for Wedding at Main Hall');
    assert.match(
      sent.body_text,
      /our quotation QUO-2026-00042 for Wedding at Main Hall on Sat 12 Dec 2026 \(10:00–14:30\)/,
    );
    assert.equal(sent.attachment_fetch?.filename, 'QUO-2026-00042.pdf');
    assert.match(declined.subject, /^Your quotation QUO-2026-00042 for Wedding/);
    assert.match(
      declined.body_text,
      /the quotation QUO-2026-00042 for Wedding .* on Sat 12 Dec 2026 \(10:00–14:30, \$5,500\.00\)/,
    );
    for (const r of rows) assert.ok(!`${r.subject}${r.body_text}`.includes(resource), 'no resource id');
  });
});

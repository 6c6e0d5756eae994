/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/**
 * Scheduled report e-mails end to end with the real insights service and a real SMTP peer: a
 * schedule saved in Reports comes due in the venue's clock, insights' sweep publishes
 * `report.email_requested`, comms writes one e-mail per recipient and its worker sends each with
 * insights' report PDF fetched at send time. Once per schedule, due day and address (a redelivered
 * or republished event writes nothing); insights down → the e-mail waits and goes with its PDF.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import type { DomainEvent } from '@venue/contracts';
import { settingsChangedEvent } from '@venue/service-kit/testing';
// The real insights service (its own test harness): the PDF comms attaches is insights' own.
import {
  OWNER as VENUE,
  PAYMENT,
  startInsights,
  type Harness,
} from '../../../insights/src/testing/harness.ts';
import { sweepReportSchedules } from '../../../insights/src/report-exports/sweep.ts';
import { deliverDue } from '../mail/worker.ts';
import { setEnv, startComms, startPeer, type Comms } from '../testing/harness.ts';

/** The text of a PDF insights made, as a reader copies it out (unpdf: pdf.js's text layer). */
async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

describe('scheduled report e-mails with insights’ PDF', () => {
  let insights: Harness;
  let c: Comms;
  let peer: Awaited<ReturnType<typeof startPeer>>;
  let restoreInsightsUrl: (() => void) | undefined;
  const insightsCall: Harness['call'] = (...args) => insights.call(...args);

  before(async () => {
    insights = await startInsights();
    c = await startComms();
    peer = await startPeer();
    c.useSmtp(peer.port);
    restoreInsightsUrl = setEnv({ INSIGHTS_URL: insights.t.url });
    await insights.deliver(settingsChangedEvent(VENUE, 2, { payment: PAYMENT }));
  });
  after(async () => {
    restoreInsightsUrl?.();
    await peer.close();
    await c.close();
    await insights.close();
  });

  /** A schedule saved in Reports, swept when due: the event as the relay hands it to comms. */
  async function due(recipients: string): Promise<DomainEvent> {
    const made = await insightsCall('POST', '/api/reports/schedules', VENUE, {
      frequency: 'weekly',
      recipients,
    });
    assert.equal(made.status, 201, made.text);
    const at = new Date(new Date(made.body.schedule.nextSendAt).getTime() + 1000);
    assert.equal(await sweepReportSchedules(insights.t.kit, at), 1);
    const { rows } = await insights.t.kit.db.systemTx((tx) =>
      tx.query<{ id: string; tenant_id: string; data: any }>(
        `SELECT id, tenant_id, data FROM outbox WHERE type = 'report.email_requested' ORDER BY seq`,
      ),
    );
    const e = rows.filter((r) => r.data.scheduleId === made.body.schedule.id).at(-1)!;
    return {
      id: randomUUID(),
      type: 'report.email_requested',
      version: 1,
      source: 'insights',
      tenantId: e.tenant_id,
      occurredAt: new Date().toISOString(),
      data: e.data,
    };
  }

  const queued = async (scheduleId: string) =>
    (
      await c.t.kit.db.tenantTx(VENUE, (tx) =>
        tx.query<{ to_email: string; status: string; last_error: string | null }>(
          `SELECT to_email, status, last_error FROM emails WHERE tenant_id = $1 AND dedupe_key LIKE $2 ORDER BY to_email`,
          [VENUE, `report:${scheduleId}:%`],
        ),
      )
    ).rows;

  it('each recipient gets the report e-mail with the PDF, once, however often the event arrives', async () => {
    const event = await due('owner@harbourhall.example, manager@harbourhall.example');
    await c.deliver(event);
    await c.deliver(event); // the relay again
    await c.deliver({ ...event, id: randomUUID() }); // or insights publishing it twice
    const rows = await queued((event.data as any).scheduleId);
    assert.deepEqual(
      rows.map((r) => r.to_email),
      ['manager@harbourhall.example', 'owner@harbourhall.example'],
    );
    const before = peer.received.length;
    await deliverDue(c.t.kit, c.deps);
    const mails = peer.received.slice(before).filter((r) => r.mail.subject?.includes('report'));
    assert.equal(mails.length, 2);
    assert.deepEqual(mails.map((m) => m.to[0]).sort(), [
      'manager@harbourhall.example',
      'owner@harbourhall.example',
    ]);
    const m = mails[0]!.mail;
    assert.match(m.subject!, /^Harbour Hall report: Last 90 days to .* 20\d\d$/);
    assert.match(m.text!, /Your weekly report from Harbour Hall is attached/);
    const pdf = m.attachments[0]!;
    assert.equal(pdf.contentType, 'application/pdf');
    assert.match(pdf.filename!, /^report-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = await pdfText(pdf.content);
    for (const heading of [
      'Harbour Hall',
      'Executive KPIs',
      'Historical Performance',
      'Forecast',
      'Resource Utilisation',
    ])
      assert.ok(text.includes(heading), `${heading} in the attached report`);
  });

  it('insights down when it is due: the e-mail waits with the reason and goes with its PDF once insights answers', async () => {
    const event = await due('late@harbourhall.example');
    const insightsBack = setEnv({ INSIGHTS_URL: 'http://127.0.0.1:9' }); // nothing listens
    try {
      await c.deliver(event);
      await deliverDue(c.t.kit, c.deps);
    } finally {
      insightsBack();
    }
    const [row] = await queued((event.data as any).scheduleId);
    assert.equal(row?.status, 'pending');
    assert.match(row!.last_error!, /could not be fetched from insights/);
    assert.ok(!peer.received.some((r) => r.to.includes('late@harbourhall.example')));

    c.clock.advance(60_000);
    await deliverDue(c.t.kit, c.deps);
    const m = peer.received.find((r) => r.to.includes('late@harbourhall.example'));
    assert.ok(m, 'sent once insights answered');
    assert.ok((await pdfText(m.mail.attachments[0]!.content)).includes('Executive KPIs'));
  });
});

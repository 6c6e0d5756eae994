import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readCsv } from '@venue/service-kit/testing';
import { auditEvent, startAuditScenario } from '../testing/audit-scenario.ts';
import { call, download, flushAudit, type Harness, type Session } from '../testing/harness.ts';

let h: Harness;
let owner: Session;

/** Today in Sydney (the demo tenants' zone) as yyyy-MM-dd. */
const sydneyDay = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());

describe('CSV export', () => {
  before(async () => {
    ({ h, owner } = await startAuditScenario());
  });
  after(async () => {
    await h?.close();
  });

  test('audit-logs-{date}.csv, same scope, no cell a spreadsheet would run as a formula', async () => {
    // a sub-user whose name is a formula, and an entry from another service full of them
    await call(h, 'POST', '/api/users', {
      token: owner.token,
      body: {
        name: '=HYPERLINK("http://evil.example","click")',
        email: 'formula@demo.local',
        password: 'formula-pass',
      },
    });
    await h.kit.handleEvent(
      auditEvent(owner.userId, {
        actorEmail: '@SUM(A1:A9)',
        target: '+cmd|/c calc',
        ipAddress: '-2+3',
        additionalInfo: '=1+1',
        changes: { note: { old: '=A1', new: '\t=B2' } },
      }),
    );
    await h.kit.handleEvent(auditEvent(owner.userId, { additionalInfo: '\r=2+2' }));
    await flushAudit(h);
    // the server names the file after its own clock: bracket it, as midnight may fall in between
    const dayBefore = sydneyDay();
    const file = await download(h, '/api/audit/export.csv', owner.token);
    const dayAfter = sydneyDay();
    assert.equal(file.status, 200);
    assert.match(file.headers.get('content-type') ?? '', /^text\/csv/);
    assert.ok(
      [dayBefore, dayAfter]
        .map((day) => `attachment; filename="audit-logs-${day}.csv"`)
        .includes(file.headers.get('content-disposition') ?? ''),
      String(file.headers.get('content-disposition')),
    );
    // a UTF-8 byte-order mark, so spreadsheets on Windows read the text as UTF-8; CRLF records
    assert.equal(file.bytes.subarray(0, 3).toString('hex'), 'efbbbf');
    assert.ok(file.bytes.toString('utf8').endsWith('\r\n'));
    const rows = readCsv(file.bytes.toString('utf8'));
    assert.deepEqual(rows[0], [
      'Timestamp',
      'User Email',
      'User Role',
      'Action',
      'Target Type',
      'Target',
      'IP Address',
      'Additional Info',
      'Changes',
    ]);
    const cells = rows.slice(1).flat();
    assert.ok(cells.length > 9);
    const dangerous = cells.filter((c) => /^[=+\-@\t\r]/.test(c));
    assert.deepEqual(dangerous, []);
    assert.ok(cells.includes("'=1+1"), 'the text survives, made inert');
    assert.ok(cells.includes("'@SUM(A1:A9)"));
    assert.ok(cells.includes("'-2+3"));
    // scoped: the other tenant is not in the owner's file
    assert.ok(!cells.includes('owner2@demo.local'));
    const filtered = readCsv(
      (await download(h, '/api/audit/export.csv?action=settings_updated', owner.token)).bytes.toString(
        'utf8',
      ),
    );
    assert.ok(filtered.slice(1).every((r) => r[3] === 'settings_updated'));
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  extractVariables,
  historyQuerySchema,
  previewOf,
  renderTemplate,
  sendEmailSchema,
  SEND_NEEDS_CONTENT,
  QUICK_EMAIL_REQUIRED,
  templateCreateSchema,
} from './index.ts';

describe('comms contracts', () => {
  it('lists the placeholders of subject and body once each, in order', () => {
    assert.deepEqual(
      extractVariables('Hi {{ customerName }}', '{{bookingDate}} {{customerName}} {{x-y}} {{hallName}}'),
      ['customerName', 'bookingDate', 'hallName'],
    );
  });

  it('fills known names, escapes HTML, leaves unknown names visible', () => {
    const r = renderTemplate(
      'Booking for {{customerName}}\n',
      'Dear {{customerName}},\n\n{{secret}} at {{hallName}}',
      {
        customerName: '<b>Tom & "Jerry"</b>',
        hallName: 'Main Hall',
      },
    );
    assert.equal(r.subject, 'Booking for <b>Tom & "Jerry"</b>');
    assert.match(r.text, /^Dear <b>Tom/);
    assert.match(r.html, /Dear &lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;\/b&gt;,/);
    assert.ok(!r.html.includes('<b>'));
    assert.match(r.html, /\{\{secret\}\} at Main Hall/);
    assert.deepEqual(r.unfilled, ['secret']);
  });

  it('cuts the card preview at 100 characters', () => {
    assert.equal(previewOf('x'.repeat(100)), 'x'.repeat(100));
    assert.equal(previewOf('y'.repeat(101)), `${'y'.repeat(100)}...`);
  });

  it('speaks the spec’s validation messages', () => {
    const t = templateCreateSchema.safeParse({ name: ' ', subject: '', body: '  ' });
    assert.deepEqual(
      t.error?.issues.map((i) => i.message),
      ['Template name is required', 'Subject is required', 'Body is required'],
    );
    const s = sendEmailSchema.safeParse({ recipientEmail: 'a@example.com' });
    assert.equal(s.error?.issues[0]?.message, SEND_NEEDS_CONTENT);
    const q = sendEmailSchema.safeParse({
      recipientEmail: 'a@example.com',
      isCustom: true,
      customSubject: 'Hi',
    });
    assert.deepEqual(
      q.error?.issues.map((i) => [i.path.join('.'), i.message]),
      [['customBody', QUICK_EMAIL_REQUIRED]],
    );
    assert.equal(historyQuerySchema.parse({}).limit, 25);
    assert.equal(historyQuerySchema.safeParse({ limit: '0' }).success, false);
  });
});

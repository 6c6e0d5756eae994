import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  extractVariables,
  findLinks,
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

  it('makes web addresses links the reader can open, escaped, and only http or https', () => {
    const r = renderTemplate('Verify', 'Open {{verifyLink}}.\nOr javascript:alert(1) & "x"', {
      verifyLink: 'https://venue.example/book/harbourside-hall/verify?token=a-b_c&x=<y>',
    });
    // the address stops at "<" (never markup), the full stop after it is the sentence's
    assert.match(
      r.html,
      /Open <a href="https:\/\/venue\.example\/book\/harbourside-hall\/verify\?token=a-b_c&amp;x=">https:\/\/venue\.example\/book\/harbourside-hall\/verify\?token=a-b_c&amp;x=<\/a>&lt;y&gt;\.<br>Or javascript:alert\(1\) &amp; &quot;x&quot;/,
    );
    assert.equal((r.html.match(/<a /g) ?? []).length, 1);
    assert.deepEqual(findLinks('See https://a.example/x, then (http://b.example/y). https://a.example/x'), [
      'https://a.example/x',
      'http://b.example/y',
    ]);
    assert.deepEqual(findLinks('no links, javascript:void(0) or data:text/html,<b>'), []);
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

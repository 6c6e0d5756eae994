/** The generated hostile-input suite (packages/service-kit/src/testing/hostile.ts) on comms' routes. */
import { describeHostileInput, kitRoutes, setUpCalls } from '@venue/service-kit/testing';
import { storeCaptured } from './mail/capture.ts';
import { inboundToken } from './sms/sms-store.ts';
import { statusToken } from './sms/status-store.ts';
import { booking, bookingEvent, OWNER, startComms } from './testing/harness.ts';

describeHostileInput('comms', async () => {
  const c = await startComms();
  const ok = setUpCalls(c.call, c.tokens.owner);
  const b = booking({ status: 'confirmed', customerPhone: '+61412345678' });
  await c.deliver(bookingEvent('booking.created', b));
  const template = (await ok('GET', '/api/email-templates')).templates[0];
  const email = (
    await ok('POST', '/api/email-comms/send', {
      recipientEmail: 'ada@example.com',
      customSubject: 'Hello',
      customBody: 'Body',
    })
  ).email;
  await storeCaptured(
    c.t.kit,
    Buffer.from(
      `From: a@example.com\r\nTo: b@example.com\r\nSubject: Hi\r\nMessage-ID: <m1@venuedesk>\r\nX-VenueDesk-Tenant: ${OWNER}\r\n\r\nHello\r\n`,
    ),
  );
  const captured = (await ok('GET', '/api/email-comms/mail-preview')).items[0];
  const kit = kitRoutes(OWNER);
  return {
    t: c.t,
    token: c.tokens.owner,
    tenantId: OWNER,
    table: {
      params: {
        id: template.id,
        customerEmail: 'ada@example.com',
        index: '0',
        tenantId: OWNER,
        token: inboundToken(OWNER),
      },
      paramsByRoute: {
        'GET /api/email-comms/history/:id': { id: email.id },
        'POST /api/email-comms/sms/status/:token': { token: statusToken(OWNER) },
        'GET /api/email-comms/mail-preview/:id': { id: captured.id },
        'GET /api/email-comms/mail-preview/:id/attachments/:index': { id: captured.id, index: '0' },
      },
      bodies: {
        ...kit.bodies,
        'POST /api/email-templates': {
          name: 'Thanks',
          type: 'email',
          subject: 'Thanks {{customerName}}',
          body: 'Thank you',
          isActive: true,
        },
        'PUT /api/email-templates/:id': {
          name: 'Renamed',
          type: 'email',
          subject: 'S',
          body: 'B',
          isActive: false,
        },
        'POST /api/email-templates/preview': {
          subject: 'Hi {{customerName}}',
          body: 'On {{bookingDate}}',
          bookingId: b.id,
        },
        'POST /api/email-comms/send': {
          templateId: template.id,
          recipientEmail: 'ada@example.com',
          recipientName: 'Ada',
          bookingId: b.id,
          customSubject: 'Subject',
          customBody: 'Body',
          variables: { customerName: 'Ada' },
          isCustom: false,
          purpose: 'general',
        },
        'POST /api/email-comms/reminders': { bookingIds: [b.id], templateId: template.id, channel: 'email' },
        'POST /api/email-comms/sms': {
          customBody: 'Hello',
          bookingId: b.id,
          recipientPhone: '+61412345678',
          recipientName: 'Ada',
        },
        'POST /api/email-comms/sms/preview': {
          customBody: 'Hello',
          bookingIds: [b.id],
          recipientPhone: '+61412345678',
        },
        'POST /api/email-comms/sms/inbound/:token': { From: '+61412345678', Body: 'HELLO' },
        'PUT /api/email-comms/sms/opt-outs': { phone: '+61412345678' },
        'POST /api/email-comms/sms/status/:token': {
          MessageSid: 'SM1',
          MessageStatus: 'delivered',
          ErrorCode: '',
        },
        'PUT /api/email-comms/settings': {
          automatic: { declined: false },
          reminderDaysBefore: 3,
          sendHour: 10,
          channels: { event_reminder: 'both', payment_reminder: 'email' },
        },
      },
      noBody: [],
      skip: {
        // Answers 404 before reading the body for every tenant but the two demo venues (decision 48);
        // scripts/lib/demo-seed.test.ts sends it real plans and other tenants.
        'POST /internal/demo/history/:tenantId': 'demo venues only; tested in scripts/lib/demo-seed.test.ts',
      },
      queries: {
        'GET /api/email-templates': ['type', 'active', 'search'],
        'GET /api/email-comms/history': ['status', 'search', 'bookingId', 'channel', 'limit', 'cursor'],
        'GET /api/email-comms/customers': ['search', 'limit'],
        'GET /api/email-comms/bounces': ['email'],
        'GET /api/email-comms/sms/opt-outs': ['phone', 'bookingId'],
        'GET /api/email-comms/mail-preview': ['limit'],
      },
      // a template variable is text or a number (spec 02 §3.5 sends guestCount as a number)
      lenient: { ...kit.lenient, 'POST /api/email-comms/send': ['variables'] },
    },
  };
});

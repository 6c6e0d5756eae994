import {
  countSegments,
  E164,
  SMS_BAD_PHONE,
  SMS_BODY_MAX,
  SMS_NO_PHONE,
  SMS_START_WORDS,
  SMS_STOP_WORDS,
  smsNightNotice,
  smsSummary,
} from '@venue/contracts/comms';
import { forbidden, notFound, operation, type AppMiddleware } from '@venue/service-kit';
import { db } from '../../db/query.ts';
import type { CommsDeps } from '../../deps.ts';
import { emailById } from '../../history/email-record.ts';
import { tenantOf, venueSettings } from '../../shared/request.ts';
import { ensureTenant } from '../../templates/seed.ts';
import {
  findBookingCopy,
  formatInstant,
  formatMoney,
  venueContext,
  type BookingCopyRow,
} from '../../templates/values.ts';
import { SIGNATURE_HEADER, signatureMatches } from '../signature.ts';
import { e164Of, nextWindow, queueSms, smsRefusal, SMS_DAY_ENDS_HOUR, SMS_DAY_STARTS_HOUR } from '../sms.ts';
import {
  EMPTY_TWIML,
  field,
  inboundPath,
  reminderSmsTemplate,
  smsTemplate,
  smsText,
  tenantOfToken,
} from '../sms-store.ts';

export const postSms = (deps: CommsDeps) =>
  operation('post /api/email-comms/sms', async ({ ctx, tx, body: p }) => {
    const tenantId = tenantOf(ctx);
    await ensureTenant(tx, tenantId);
    await venueSettings(tx, tenantId);
    const venue = (await venueContext(tx, tenantId))!;
    const template = await smsTemplate(tx, tenantId, p.templateId);
    let booking: BookingCopyRow | null = null;
    if (p.bookingId) {
      booking = await findBookingCopy(tx, tenantId, p.bookingId);
      if (!booking)
        throw notFound('Booking not found', {
          errors: [{ path: 'bookingId', message: 'Booking not found' }],
        });
    }
    // A typed number wins over the booking's (the person chose it); the booking's is E.164 already.
    let phone: string;
    let phoneField: string;
    if (p.recipientPhone) {
      phoneField = 'recipientPhone';
      const n = await e164Of(tx, tenantId, p.recipientPhone);
      if (!n) throw field(phoneField, SMS_BAD_PHONE);
      phone = n;
    } else {
      phoneField = 'bookingId';
      phone = booking?.customer_phone ?? '';
      if (!phone) throw field(phoneField, SMS_NO_PHONE);
    }
    const refusal = await smsRefusal(tx, tenantId, phone);
    if (refusal) throw field(phoneField, refusal);
    const text = smsText(
      p.customBody?.trim() ? p.customBody : template!.body,
      booking,
      venue,
      p.recipientName,
    );
    if (!text) throw field('customBody', 'The message is empty.');
    if (text.length > SMS_BODY_MAX)
      throw field('customBody', `At most ${SMS_BODY_MAX} characters once filled in.`);
    const now = deps.now();
    const at = nextWindow(now, venue.timezone, SMS_DAY_STARTS_HOUR, SMS_DAY_ENDS_HOUR);
    const later = at.getTime() > now.getTime();
    const id = (await queueSms(tx, {
      tenantId,
      kind: p.customBody?.trim() ? 'quick' : 'general',
      bookingId: booking?.booking_id ?? null,
      templateId: template?.id ?? null,
      templateName: template?.name ?? null,
      toPhone: phone,
      toName: p.recipientName ?? booking?.customer_name ?? phone,
      label: template?.name ?? 'SMS',
      body: text,
      now,
      notBefore: at,
    }))!;
    await tx.audit(ctx, {
      action: 'sms_queued',
      targetType: 'email',
      target: id,
      targetLabel: `SMS to ${phone}: ${template?.name ?? 'own words'}`.slice(0, 300),
    });
    const notice = later ? smsNightNotice(formatInstant(at, venue.timezone)) : null;
    ctx.status = 202;
    ctx.body = {
      message: later ? 'SMS queued: it goes at 08:00 venue time.' : 'SMS queued for sending.',
      sms: await emailById(tx, tenantId, id),
      scheduledFor: later ? at.toISOString() : null,
      notice,
    };
  });

// What a send would cost: the server counts (the same words it would queue), the page shows.
export const previewSms = (deps: CommsDeps) =>
  operation('post /api/email-comms/sms/preview', async ({ ctx, tx, body: p }) => {
    const tenantId = tenantOf(ctx);
    await ensureTenant(tx, tenantId);
    await venueSettings(tx, tenantId);
    const venue = (await venueContext(tx, tenantId))!;
    const template =
      (await smsTemplate(tx, tenantId, p.templateId)) ??
      (p.customBody?.trim() ? null : await reminderSmsTemplate(tx, tenantId));
    if (!template && !p.customBody?.trim())
      throw field('templateId', 'There is no active Event reminder (SMS) template.');
    const body = p.customBody?.trim() ? p.customBody : template!.body;
    const texts: string[] = [];
    const skipped: Array<{ bookingId: string; reason: string }> = [];
    if (p.recipientPhone) {
      const n = await e164Of(tx, tenantId, p.recipientPhone);
      const why = n ? await smsRefusal(tx, tenantId, n) : SMS_BAD_PHONE;
      if (why) skipped.push({ bookingId: '', reason: why });
      else texts.push(smsText(body, null, venue));
    }
    for (const bookingId of [...new Set(p.bookingIds ?? [])]) {
      const b = await findBookingCopy(tx, tenantId, bookingId);
      const why = !b
        ? 'Booking not found'
        : !b.customer_phone
          ? SMS_NO_PHONE
          : await smsRefusal(tx, tenantId, b.customer_phone);
      if (why || !b) skipped.push({ bookingId, reason: why ?? 'Booking not found' });
      else texts.push(smsText(body, b, venue));
    }
    const counted = texts.map(countSegments);
    const segments = counted.reduce((n, c) => n + c.segments, 0);
    const totalCents = segments * deps.sms.segmentPriceCents;
    ctx.body = {
      messages: texts.length,
      segments,
      segmentPriceCents: deps.sms.segmentPriceCents,
      totalCents,
      currency: venue.currency,
      summary: smsSummary(texts.length, segments, formatMoney(totalCents, venue.currency)),
      encodings: [...new Set(counted.map((c) => c.encoding))],
      skipped,
    };
  });

export const getSmsSettings = (deps: CommsDeps) =>
  operation('get /api/email-comms/sms/settings', async ({ ctx }) => {
    const owner = ctx.state.principal!.role === 'hall_owner';
    ctx.body = {
      configured: deps.sms.send !== null,
      capturing: deps.sms.send === null,
      from: deps.sms.from,
      segmentPriceCents: deps.sms.segmentPriceCents,
      inboundPath: owner ? inboundPath(tenantOf(ctx)) : null,
    };
  });

// The provider's inbound webhook: no sign-in (a provider cannot), the venue's secret URL is the
// credential. STOP (and its synonyms) records the number as opted out, UNSTOP/START undoes it
// (a staff member's mark too: the customer asks for SMS again);
// anything else is answered and ignored. Form (Twilio) or JSON; answered in the same kind.
/**
 * The inbound webhook's guard: the venue's secret URL, and with the provider's auth token known
 * (SMS_URL's password) its signature too (signature.ts), checked before anything is read or
 * recorded. Without one (no SMS_URL: the local stand-in and capture; or a URL without a password)
 * there is nothing to check against and the secret URL alone admits the post, as before.
 */
const inboundCaller =
  (deps: CommsDeps): AppMiddleware =>
  async (ctx, next) => {
    if (!tenantOfToken(ctx.params.token ?? '')) throw notFound('Not found');
    const authToken = deps.sms.authToken;
    if (authToken) {
      const form = ctx.request.is('application/x-www-form-urlencoded');
      const params = new URLSearchParams(form ? (ctx.request.rawBody ?? '') : '');
      const url = `${deps.publicOrigin}${ctx.originalUrl}`;
      // Twilio signs form posts; a JSON body cannot carry a signature this recipe checks.
      if (!form || !signatureMatches(authToken, url, params, ctx.get(SIGNATURE_HEADER) || undefined))
        throw forbidden('The request is not signed by the SMS provider.', {
          errors: [{ path: 'X-Twilio-Signature', message: 'Missing or does not match.' }],
        });
    }
    await next();
  };

export const postSmsInbound = (deps: CommsDeps) =>
  operation(
    'post /api/email-comms/sms/inbound/{token}',
    { guard: [inboundCaller(deps)], transaction: 'none' },
    async ({ ctx, params, body: b }) => {
      const tenantId = tenantOfToken(params.token)!;
      const word =
        b.Body.trim()
          .split(/\s+/)[0]
          ?.toUpperCase()
          .replace(/[^A-Z]/g, '') ?? '';
      const stop = SMS_STOP_WORDS.includes(word);
      const start = SMS_START_WORDS.includes(word);
      let recorded: 'opted_out' | 'opted_in' | 'ignored' = 'ignored';
      if (stop || start)
        await ctx.kit.db.tenantTx(tenantId, async (tx) => {
          const phone = E164.test(b.From) ? b.From : await e164Of(tx, tenantId, b.From);
          if (!phone) throw field('From', SMS_BAD_PHONE);
          if (stop) {
            await db(tx)
              .insertInto('sms_opt_outs')
              .values({
                tenant_id: tenantId,
                phone,
                word,
                source: 'reply',
                opted_out_at: deps.now().toISOString(),
              })
              // already opted out (an earlier STOP, or marked by staff): the first record stays
              .onConflict((oc) => oc.columns(['tenant_id', 'phone']).doNothing())
              .execute();
            recorded = 'opted_out';
          } else {
            await db(tx)
              .deleteFrom('sms_opt_outs')
              .where('tenant_id', '=', tenantId)
              .where('phone', '=', phone)
              .execute();
            recorded = 'opted_in';
          }
        });
      // Twilio-style providers post a form and read the answer as TwiML, the messages to send back:
      // an empty <Response> replies nothing (the venue has no auto-reply; the provider's own STOP
      // confirmation, where it sends one, is its business). JSON callers keep the JSON answer.
      if (ctx.request.is('application/x-www-form-urlencoded')) {
        ctx.type = 'text/xml';
        ctx.body = EMPTY_TWIML;
      } else ctx.body = { recorded };
    },
  );

import { createHash } from 'node:crypto';
import { notFound, operation } from '@venue/service-kit';
import { listBlockouts } from '../../blockouts/blockout-store.ts';
import { db } from '../../db/query.ts';
import { busyPeriods } from '../bookings-busy.ts';
import { ICAL, calendarText, instantValue, newCalendar } from '../ical.ts';

const FEED_NOT_FOUND = 'Calendar feed not found';
const FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/**
 * GET /api/ics/:token.ics — public (calendar apps cannot sign in): the secret token is the
 * credential, so the guard is none. Only its hash is stored; revoking or regenerating it ends the
 * old URL. No request transaction: the token names the tenant, whose transaction opens after.
 */
export const getFeed = operation(
  'get /api/ics/{file}',
  { guard: [], transaction: 'none' },
  async ({ ctx, params }) => {
    const kit = ctx.kit;
    const match = FILE.exec(params.file);
    if (!match) throw notFound(FEED_NOT_FOUND);
    const hash = createHash('sha256').update(match[1]!).digest('hex');
    // Before any tenant is known: the system scope, found by the token's hash alone.
    const resource = await kit.db.systemTx(
      async (t) =>
        (await db(t)
          .selectFrom('resources')
          .select(['tenant_id', 'id', 'name'])
          .where('ics_token_hash', '=', hash)
          .where('ics_enabled', '=', true)
          .executeTakeFirst()) ?? null,
    );
    if (!resource) throw notFound(FEED_NOT_FOUND);
    // Bookings come from the catalogue's copy of bookings' events (bookings-busy.ts).
    const { blockouts, busy } = await kit.db.tenantTx(resource.tenant_id, async (t) => ({
      blockouts: await listBlockouts(t, { resourceId: resource.id }),
      busy: await busyPeriods(t, resource.id),
    }));

    const cal = newCalendar(resource.name);
    const stamp = ICAL.Time.fromJSDate(new Date(), true);
    for (const b of blockouts) {
      const ev = new ICAL.Component('vevent');
      ev.addPropertyWithValue('uid', `${b.id}@venue-blockouts`);
      ev.addPropertyWithValue('dtstamp', stamp);
      ev.addPropertyWithValue('dtstart', instantValue(b.startsAt));
      ev.addPropertyWithValue('dtend', instantValue(b.endsAt));
      ev.addPropertyWithValue('summary', `Unavailable: ${b.reason}`);
      if (b.notes) ev.addPropertyWithValue('description', b.notes);
      ev.addPropertyWithValue('x-venue-block-out', 'TRUE');
      cal.addSubcomponent(ev);
    }
    // Bookings show as busy only: the feed URL may be shared, customer details stay out of it.
    // A confirmed booking is "Booked"; a request or a tentative hold, which block the time as
    // well, is "Held".
    for (const p of busy) {
      const confirmed = p.status === 'confirmed';
      const ev = new ICAL.Component('vevent');
      ev.addPropertyWithValue('uid', `${p.id}@venue-bookings`);
      ev.addPropertyWithValue('dtstamp', stamp);
      ev.addPropertyWithValue('dtstart', instantValue(p.startsAt));
      ev.addPropertyWithValue('dtend', instantValue(p.endsAt));
      ev.addPropertyWithValue('summary', confirmed ? 'Booked' : 'Held');
      ev.addPropertyWithValue('status', confirmed ? 'CONFIRMED' : 'TENTATIVE');
      ev.addPropertyWithValue('transp', 'OPAQUE');
      const buffers = [
        p.setupMinutes > 0 ? `${p.setupMinutes} min setup before` : '',
        p.packdownMinutes > 0 ? `${p.packdownMinutes} min pack-down after` : '',
      ].filter(Boolean);
      if (buffers.length > 0) ev.addPropertyWithValue('description', `Also blocked: ${buffers.join(', ')}.`);
      cal.addSubcomponent(ev);
    }
    ctx.set('content-type', 'text/calendar; charset=utf-8');
    ctx.set('cache-control', 'private, max-age=300');
    ctx.body = calendarText(cal);
  },
);

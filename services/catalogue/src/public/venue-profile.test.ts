/**
 * The venue's public profile and the spaces' photos (issue 25, decision 56), on PGlite and with
 * TEST_DATABASE_URL on the PostgreSQL server: what a visitor of `/book/<slug>` reads (the spaces
 * that take requests, their hours, buffers, equipment and rate card in words, the add-ons, the
 * request form's settings and the venue's contact) and what it never reads (internal notes, feed
 * secrets, archived or unlisted spaces, another venue's anything). Photos are checked by content
 * and re-encoded without their metadata.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import type { OnlineBookings, TenantSettingsSnapshot } from '@venue/contracts';
import { PAYMENT_SETTINGS_DEFAULTS } from '@venue/contracts/money-api';
import { visitorHeaders } from '@venue/service-kit/testing';
import { OWNER, OWNER2, SUB_RESOURCES, hall, startCatalogue, type Harness } from '../testing/harness.ts';
import { rateInWords } from './venue-profile.ts';

const SLUG = 'harbour-test';

function online(resourceIds: string[], over: Partial<OnlineBookings> = {}): OnlineBookings {
  return {
    enabled: true,
    slug: SLUG,
    resourceIds,
    minNoticeHours: 24,
    windowDays: 365,
    mode: 'hold',
    verifyEmail: true,
    questions: [{ id: 'alcohol', label: 'Will alcohol be served?', kind: 'yesno', required: true }],
    agreement: {
      version: 2,
      text: 'Leave it tidy.',
      cancellationTerms: 'Refund up to 14 days before.',
      updatedAt: '2026-05-01T00:00:00.000Z',
    },
    ...over,
  };
}

describe('the venue’s public profile', () => {
  let h: Harness;
  let main: string;
  let lawn: string;
  let archived: string;
  let unlisted: string;

  /** As the gateway signs a visitor of the venue. */
  const visit = (path: string, tenantId = OWNER, slug = SLUG) =>
    h.call('GET', `/api/public/venues/${slug}${path}`, undefined, undefined, visitorHeaders(tenantId, slug));

  before(async () => {
    h = await startCatalogue();
    main = (
      await h.call(
        'POST',
        '/api/resources',
        OWNER,
        hall({
          name: 'Main Hall',
          capacity: 120,
          description: 'Harbour views',
          internalNotes: 'Key under the mat',
          equipment: [
            { name: 'Stage', quantity: 1 },
            { name: 'Round tables', quantity: 12 },
          ],
          setupBufferMinutes: 30,
          packdownBufferMinutes: 45,
        }),
      )
    ).body.id;
    lawn = (
      await h.call(
        'POST',
        '/api/resources',
        OWNER,
        hall({ name: 'Lawn', type: 'outdoor', applyBuffers: false }),
      )
    ).body.id;
    archived = (await h.call('POST', '/api/resources', OWNER, hall({ name: 'Old Room' }))).body.id;
    assert.equal((await h.call('POST', `/api/resources/${archived}/archive`, OWNER)).status, 200);
    unlisted = (await h.call('POST', '/api/resources', OWNER, hall({ name: 'Staff Room' }))).body.id;
    for (const [resourceId, rateType, weekdayRateCents, weekendRateCents] of [
      [main, 'hourly', 16_000, 20_000],
      [lawn, 'daily', 80_000, 80_000],
    ] as const) {
      const r = await h.call('POST', '/api/pricing', OWNER, {
        resourceId,
        rateType,
        weekdayRateCents,
        weekendRateCents,
      });
      assert.equal(r.status, 201, r.text);
    }
    assert.equal(
      (await h.call('POST', '/api/addons', OWNER, { name: 'Bunting', priceCents: 1250 })).status,
      201,
    );
    await h.settings(OWNER, venue());
  });
  /** The venue's settings as admin publishes them, each test's changes over them. */
  const venue = (over: Partial<TenantSettingsSnapshot> = {}): Partial<TenantSettingsSnapshot> => ({
    onlineBookings: online([main, lawn, archived]),
    payment: {
      ...PAYMENT_SETTINGS_DEFAULTS,
      businessName: 'Harbourside Hall',
      businessPhone: '02 9555 0142',
      businessEmail: 'hello@harbourside.example',
      businessAddress: '12 Wharf Road, Sydney',
      bankName: 'Secret Bank',
      accountNumber: '123456789',
    },
    ...over,
  });
  after(() => h?.close());

  it('shows the spaces that take requests, with hours, buffers, equipment and the rate card in words', async () => {
    const r = await visit('');
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.name, 'Harbourside Hall');
    assert.equal(r.body.slug, SLUG);
    // A copy from before snapshots said whether there is a logo: its address, as always.
    assert.equal(r.body.logoUrl, `/api/public/venues/${SLUG}/logo`);
    assert.deepEqual(r.body.contact, {
      phone: '02 9555 0142',
      email: 'hello@harbourside.example',
      address: '12 Wharf Road, Sydney',
    });
    assert.equal(r.body.timezone, 'Australia/Sydney');
    assert.equal(r.body.currency, 'AUD');
    assert.deepEqual(
      r.body.resources.map((x: { name: string }) => x.name),
      ['Lawn', 'Main Hall'],
      'listed and active only',
    );
    const m = r.body.resources.find((x: { id: string }) => x.id === main);
    assert.equal(m.rateInWords, '$160 an hour weekdays, $200 weekends');
    assert.deepEqual(m.rate, { type: 'hourly', weekdayCents: 16_000, weekendCents: 20_000 });
    assert.deepEqual(m.equipment, ['Stage', 'Round tables × 12']);
    assert.equal(m.setupMinutes, 30);
    assert.equal(m.packdownMinutes, 45);
    assert.equal(m.capacity, 120);
    assert.equal(m.description, 'Harbour views');
    assert.equal(m.photoUrl, null);
    // Sunday first: the defaults open Sunday 10–16 and Saturday 9–17
    assert.deepEqual(m.openingHours[0], { open: '10:00', close: '16:00' });
    assert.deepEqual(m.openingHours[6], { open: '09:00', close: '17:00' });
    const l = r.body.resources.find((x: { id: string }) => x.id === lawn);
    assert.equal(l.rateInWords, '$800 a day (half for under 8 hours)');
    assert.equal(l.setupMinutes, 0, 'a space that applies no buffers keeps none clear');
    assert.deepEqual(
      r.body.addOns.map((a: { name: string; priceCents: number }) => [a.name, a.priceCents]),
      [
        ['Bunting', 1250],
        ['Cleaning Service', 3000],
        ['Projector', 5000],
        ['Sound System', 8000],
      ],
      'the venue’s add-ons (its own and the starter ones), by name',
    );
    assert.equal(r.body.online.mode, 'hold');
    assert.equal(r.body.online.agreement.version, 2);
    assert.equal(r.body.online.agreement.cancellationTerms, 'Refund up to 14 days before.');
    assert.equal(r.body.online.questions[0].id, 'alcohol');
    assert.equal(r.body.online.minNoticeHours, 24);
    // nothing private
    assert.doesNotMatch(
      r.text,
      /Key under the mat|Secret Bank|123456789|Staff Room|Old Room|icsToken|internalNotes/,
    );
  });

  it('offers a logo only when the venue has one, at an address that changes with the picture', async () => {
    const picture = '7d3f8a52-93c4-4f6e-8d0b-2b1f4c6a9e10';
    try {
      await h.settings(OWNER, venue({ logoVersion: null }));
      // No logo: no address, so the page draws no picture (it asked for one that was not there).
      assert.equal((await visit('')).body.logoUrl, null);
      await h.settings(OWNER, venue({ logoVersion: picture }));
      assert.equal((await visit('')).body.logoUrl, `/api/public/venues/${SLUG}/logo?v=${picture}`);
    } finally {
      await h.settings(OWNER, venue());
    }
  });

  it('words every kind of rate card', () => {
    assert.equal(
      rateInWords({ type: 'hourly', weekdayCents: 16_000, weekendCents: 16_000 }, 'AUD'),
      '$160 an hour',
    );
    assert.equal(
      rateInWords({ type: 'hourly', weekdayCents: 8250, weekendCents: 9000 }, 'AUD'),
      '$82.50 an hour weekdays, $90 weekends',
    );
    assert.equal(
      rateInWords({ type: 'daily', weekdayCents: 100_000, weekendCents: 120_000 }, 'AUD'),
      '$1,000 a day weekdays, $1,200 weekends (half for under 8 hours)',
    );
    assert.equal(rateInWords(null, 'AUD'), '');
  });

  it('answers 404 for a venue whose page is off, 503 before the settings arrive, 401 without the gateway', async () => {
    await h.settings(OWNER2, { onlineBookings: online([], { enabled: false, slug: 'other-venue' }) });
    const off = await visit('', OWNER2, 'other-venue');
    assert.equal(off.status, 404);
    assert.equal(off.body.message, 'This venue does not take online bookings.');
    const never = await visit('', '0f000000-0000-4000-8000-00000000000f', 'never-seen');
    assert.equal(never.status, 503);
    const bare = await h.call('GET', `/api/public/venues/${SLUG}`);
    assert.equal(bare.status, 401);
    const staff = await h.call('GET', `/api/public/venues/${SLUG}`, OWNER);
    assert.equal(staff.status, 401);
  });

  it('takes a photo by its content, re-encodes it without metadata, and shows it to visitors of listed spaces only', async () => {
    const jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'GPS secret place' } })
      .toBuffer();
    const form = (bytes: Buffer, name: string, type: string) => {
      const f = new FormData();
      f.append('photo', new Blob([new Uint8Array(bytes)], { type }), name);
      return f;
    };
    const upload = (id: string, body: FormData, as = OWNER) =>
      fetch(`${h.url}/api/resources/${id}/photo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${h.token[as]}` },
        body,
      });
    const text = await upload(main, form(Buffer.from('not an image'), 'hall.jpg', 'image/jpeg'));
    assert.equal(text.status, 400);
    assert.equal(((await text.json()) as { errors: Array<{ path: string }> }).errors[0]!.path, 'photo');
    const staff = await upload(main, form(jpeg, 'hall.jpg', 'image/jpeg'), SUB_RESOURCES);
    assert.equal(staff.status, 403, 'the hall owner changes resources');
    const big = await upload(
      main,
      form(Buffer.concat([jpeg, Buffer.alloc(8 * 1024 * 1024)]), 'big.jpg', 'image/jpeg'),
    );
    assert.equal(big.status, 413);

    const ok = await upload(main, form(jpeg, 'hall.txt', 'text/plain'));
    assert.equal(ok.status, 200, await ok.clone().text());
    const resource = (await ok.json()) as { photoUrl: string };
    assert.match(resource.photoUrl, new RegExp(`^/api/resources/${main}/photo\\?v=`));
    const profile = await visit('');
    const url = profile.body.resources.find((x: { id: string }) => x.id === main).photoUrl as string;
    assert.match(url, new RegExp(`^/api/public/venues/${SLUG}/resources/${main}/photo\\?v=`));
    const res = await fetch(`${h.url}${url}`, { headers: visitorHeaders(OWNER, SLUG) });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/webp');
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    assert.equal(meta.format, 'webp');
    assert.equal(meta.width, 1600);
    assert.equal(meta.height, 800);
    assert.equal(meta.exif, undefined, 'no metadata left');
    // a space not listed for requests, another venue's visitor, the staff copy
    const unlistedPhoto = await upload(unlisted, form(jpeg, 'x.jpg', 'image/jpeg'));
    assert.equal(unlistedPhoto.status, 200);
    const hidden = await visit(`/resources/${unlisted}/photo`);
    assert.equal(hidden.status, 404);
    await h.settings(OWNER2, { onlineBookings: online([main], { slug: 'other-venue' }) });
    const elsewhere = await visit(`/resources/${main}/photo`, OWNER2, 'other-venue');
    assert.equal(elsewhere.status, 404);
    const staffCopy = await fetch(`${h.url}/api/resources/${main}/photo`, {
      headers: { authorization: `Bearer ${h.token[OWNER]}` },
    });
    assert.equal(staffCopy.status, 200);
    // removed: gone for visitors too
    const removed = await h.call('DELETE', `/api/resources/${main}/photo`, OWNER);
    assert.equal(removed.status, 200);
    assert.equal(removed.body.photoUrl, null);
    assert.equal((await fetch(`${h.url}${url}`, { headers: visitorHeaders(OWNER, SLUG) })).status, 404);
  });

  it('never shows another venue’s spaces, even when its ids are listed', async () => {
    const theirs = (await h.call('POST', '/api/resources', OWNER2, hall({ name: 'Their Hall' }))).body.id;
    await h.settings(OWNER, {
      onlineBookings: online([main, theirs]),
      payment: { ...PAYMENT_SETTINGS_DEFAULTS, businessName: 'Harbourside Hall' },
    });
    const r = await visit('');
    assert.deepEqual(
      r.body.resources.map((x: { name: string }) => x.name),
      ['Main Hall'],
    );
  });
});

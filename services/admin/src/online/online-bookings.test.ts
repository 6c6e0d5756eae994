import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  INTERNAL_AUTH_HEADER,
  SLUG_MESSAGE,
  SLUG_REQUIRED_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  TENANT_SETTINGS_CHANGED,
  tenantSettingsSnapshotSchema,
  type OnlineBookings,
  type TenantSettingsSnapshot,
} from '@venue/contracts';
import { visitorHeaders } from '@venue/service-kit/testing';
import { startWithDemoSessions } from '../testing/demo-sessions.ts';
import { auditedActions, call, upload, type Harness, type Session } from '../testing/harness.ts';
import { DEMO_SLUGS } from '../demo/seed.ts';

let h: Harness;
let owner: Session;
let owner2: Session;
let staff: Session;
let admin: Session;

const PATH = '/api/settings/online-bookings';

async function current(s: Session): Promise<OnlineBookings> {
  const r = await call(h, 'GET', PATH, { token: s.token });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body as OnlineBookings;
}

/** The PUT body that saves `setting` as it is. */
function bodyOf(setting: OnlineBookings): Record<string, unknown> {
  const { agreement, ...rest } = setting;
  return { ...rest, agreement: { text: agreement.text, cancellationTerms: agreement.cancellationTerms } };
}

async function snapshots(tenantId: string): Promise<TenantSettingsSnapshot[]> {
  const { rows } = await h.kit.db.query<{ data: unknown }>(
    `SELECT data FROM outbox WHERE type = $1 AND data->>'tenantId' = $2 ORDER BY seq`,
    [TENANT_SETTINGS_CHANGED, tenantId],
  );
  return rows.map((r) =>
    tenantSettingsSnapshotSchema.parse(typeof r.data === 'string' ? JSON.parse(r.data) : r.data),
  );
}

async function bySlug(slug: string) {
  return call(h, 'GET', `/internal/venues/by-slug/${slug}`, {
    headers: { [INTERNAL_AUTH_HEADER]: h.keys.internalSecret },
  });
}

describe('Settings → Online bookings', () => {
  before(async () => {
    ({ h, owner, owner2, staff, admin } = await startWithDemoSessions());
  });
  after(async () => {
    await h?.close();
  });

  test('the demo venues are seeded open, with slugs, questions and an agreement, and their snapshot carries it', async () => {
    const harbour = await current(owner);
    assert.equal(harbour.enabled, true);
    assert.equal(harbour.slug, 'harbourside-hall');
    assert.equal(harbour.mode, 'request');
    assert.equal(harbour.verifyEmail, true);
    assert.ok(harbour.questions.length >= 2);
    assert.ok(harbour.questions.some((q) => q.kind === 'choice' && (q.options?.length ?? 0) >= 2));
    assert.equal(harbour.agreement.version, 1);
    assert.match(harbour.agreement.text, /Hire agreement/);
    assert.ok(harbour.agreement.cancellationTerms.length > 0);
    const hilltop = await current(owner2);
    assert.equal(hilltop.slug, 'hilltop-community-centre');
    assert.equal(hilltop.enabled, true);
    assert.deepEqual(DEMO_SLUGS, { owner: 'harbourside-hall', owner2: 'hilltop-community-centre' });

    const [first] = await snapshots(owner.userId);
    assert.equal(first!.onlineBookings?.slug, 'harbourside-hall');
    assert.equal(first!.onlineBookings?.enabled, true);
    assert.deepEqual(first!.onlineBookings?.questions, harbour.questions);

    const found = await bySlug('harbourside-hall');
    assert.equal(found.status, 200);
    assert.deepEqual(found.body, { tenantId: owner.userId, slug: 'harbourside-hall', enabled: true });
  });

  test('only the hall owner reads or changes it', async () => {
    const setting = await current(owner);
    for (const s of [staff, admin]) {
      assert.equal((await call(h, 'GET', PATH, { token: s.token })).status, 403);
      assert.equal((await call(h, 'PUT', PATH, { token: s.token, body: bodyOf(setting) })).status, 403);
    }
    assert.equal((await call(h, 'GET', PATH)).status, 401);
    assert.deepEqual(await current(owner), setting);
  });

  test('a bad setting is refused naming the field, and nothing changes', async () => {
    const setting = await current(owner);
    const before = (await snapshots(owner.userId)).length;
    const cases: Array<[string, Record<string, unknown>, string, string?]> = [
      ['a slug with spaces', { slug: 'Harbour side!' }, 'slug', SLUG_MESSAGE],
      ['a slug too short', { slug: 'ab' }, 'slug', SLUG_MESSAGE],
      ['a slug ending in a hyphen', { slug: 'harbour-' }, 'slug', SLUG_MESSAGE],
      ['a reserved slug', { slug: 'admin' }, 'slug'],
      ['on without a slug', { slug: null }, 'slug', SLUG_REQUIRED_MESSAGE],
      ['negative notice', { minNoticeHours: -1 }, 'minNoticeHours'],
      ['fractional notice', { minNoticeHours: 1.5 }, 'minNoticeHours'],
      ['a zero window', { windowDays: 0 }, 'windowDays'],
      ['a window past three years', { windowDays: 2000 }, 'windowDays'],
      ['an unknown mode', { mode: 'instant' }, 'mode'],
      ['a resource that is not an id', { resourceIds: ['main-hall'] }, 'resourceIds.0'],
      [
        'eleven questions',
        {
          questions: Array.from({ length: 11 }, (_, i) => ({
            label: `Q${i}`,
            kind: 'text',
            required: false,
          })),
        },
        'questions',
      ],
      [
        'a choice with one option',
        { questions: [{ label: 'Pick', kind: 'choice', options: ['Only'], required: true }] },
        'questions.0.options',
      ],
      [
        'a choice with the same option twice',
        { questions: [{ label: 'Pick', kind: 'choice', options: ['Yes', 'yes'], required: true }] },
        'questions.0.options',
      ],
      [
        'options on a yes/no question',
        { questions: [{ label: 'Sure?', kind: 'yesno', options: ['a', 'b'], required: true }] },
        'questions.0.options',
      ],
      [
        'an empty question',
        { questions: [{ label: '  ', kind: 'text', required: true }] },
        'questions.0.label',
      ],
      [
        'a question over two lines',
        { questions: [{ label: 'One\nTwo', kind: 'text', required: true }] },
        'questions.0.label',
      ],
      [
        'two questions with one id',
        {
          questions: [
            { id: 'same', label: 'A', kind: 'text', required: true },
            { id: 'same', label: 'B', kind: 'text', required: true },
          ],
        },
        'questions.1.id',
      ],
      [
        'a NUL in the agreement',
        { agreement: { text: 'a\u0000b', cancellationTerms: '' } },
        'agreement.text',
      ],
      [
        'an agreement too long',
        { agreement: { text: 'x'.repeat(20_001), cancellationTerms: '' } },
        'agreement.text',
      ],
    ];
    for (const [what, change, field, message] of cases) {
      const r = await call(h, 'PUT', PATH, { token: owner.token, body: { ...bodyOf(setting), ...change } });
      assert.equal(r.status, 400, `${what}: ${JSON.stringify(r.body)}`);
      const named = (r.body.errors as Array<{ path: string; message: string }>).find((e) => e.path === field);
      assert.ok(named, `${what}: errors name ${field}: ${JSON.stringify(r.body.errors)}`);
      if (message) assert.equal(named.message, message, what);
    }
    assert.deepEqual(await current(owner), setting);
    assert.equal((await snapshots(owner.userId)).length, before, 'nothing published');
  });

  test('a slug is one venue’s: another venue’s is a 409 naming it, and upper case is read as lower', async () => {
    const mine = await current(owner2);
    const taken = await call(h, 'PUT', PATH, {
      token: owner2.token,
      body: { ...bodyOf(mine), slug: 'harbourside-hall' },
    });
    assert.equal(taken.status, 409);
    assert.deepEqual(taken.body.errors, [{ path: 'slug', message: SLUG_TAKEN_MESSAGE }]);
    assert.deepEqual(await current(owner2), mine);
    const upper = await call(h, 'PUT', PATH, {
      token: owner2.token,
      body: { ...bodyOf(mine), slug: ' Hilltop-Hall ' },
    });
    assert.equal(upper.status, 200, JSON.stringify(upper.body));
    assert.equal(upper.body.slug, 'hilltop-hall');
    // the old slug is free again, the new one names the venue
    assert.equal((await bySlug('hilltop-community-centre')).status, 404);
    assert.equal((await bySlug('hilltop-hall')).body.tenantId, owner2.userId);
    const back = await call(h, 'PUT', PATH, { token: owner2.token, body: bodyOf(mine) });
    assert.equal(back.status, 200);
  });

  test('a change of either text is the next agreement version; anything else keeps it', async () => {
    const setting = await current(owner);
    const v = setting.agreement.version;
    const same = await call(h, 'PUT', PATH, {
      token: owner.token,
      body: { ...bodyOf(setting), minNoticeHours: 12 },
    });
    assert.equal(same.status, 200);
    assert.equal(same.body.agreement.version, v);
    assert.equal(same.body.agreement.updatedAt, setting.agreement.updatedAt);
    assert.equal(same.body.minNoticeHours, 12);

    const text = await call(h, 'PUT', PATH, {
      token: owner.token,
      body: {
        ...bodyOf(setting),
        agreement: {
          text: `${setting.agreement.text}\n6. No confetti.`,
          cancellationTerms: setting.agreement.cancellationTerms,
        },
      },
    });
    assert.equal(text.body.agreement.version, v + 1);
    assert.notEqual(text.body.agreement.updatedAt, setting.agreement.updatedAt);
    const terms = await call(h, 'PUT', PATH, {
      token: owner.token,
      body: {
        ...bodyOf(text.body),
        agreement: { text: text.body.agreement.text, cancellationTerms: 'No refunds within 7 days.' },
      },
    });
    assert.equal(terms.body.agreement.version, v + 2);
    // every version is kept with its words, for what a booking accepted
    const { rows } = await h.kit.db.systemTx((tx) =>
      tx.query<{ version: number; cancellation_terms: string }>(
        'SELECT version, cancellation_terms FROM online_agreements WHERE tenant_id = $1 ORDER BY version',
        [owner.userId],
      ),
    );
    assert.deepEqual(
      rows.map((r) => Number(r.version)),
      [v, v + 1, v + 2],
    );
    assert.equal(rows.at(-1)!.cancellation_terms, 'No refunds within 7 days.');
    // restore the demo words
    assert.equal(
      (await call(h, 'PUT', PATH, { token: owner.token, body: bodyOf(setting) })).body.agreement.version,
      v + 3,
    );
  });

  test('new questions get ids, existing ones keep theirs; a save publishes the snapshot and is audited', async () => {
    const setting = await current(owner);
    const before = (await snapshots(owner.userId)).length;
    const resourceId = randomUUID();
    const r = await call(h, 'PUT', PATH, {
      token: owner.token,
      body: {
        ...bodyOf(setting),
        resourceIds: [resourceId, resourceId.toUpperCase()],
        questions: [
          ...setting.questions,
          { label: 'How did you hear about us?', kind: 'text', required: false },
        ],
      },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.resourceIds, [resourceId], 'ids de-duplicated, lower-cased');
    const questions = r.body.questions as OnlineBookings['questions'];
    assert.deepEqual(questions.slice(0, -1), setting.questions);
    assert.match(questions.at(-1)!.id, /^[0-9a-f-]{36}$/);
    const published = await snapshots(owner.userId);
    assert.equal(published.length, before + 1);
    assert.deepEqual(published.at(-1)!.onlineBookings?.questions, questions);
    assert.deepEqual(published.at(-1)!.onlineBookings?.resourceIds, [resourceId]);
    assert.ok((await auditedActions(h, 'Online bookings')).includes('settings_updated'));
    // the same again changes nothing and publishes nothing
    const again = await call(h, 'PUT', PATH, { token: owner.token, body: bodyOf(r.body) });
    assert.equal(again.status, 200);
    assert.equal((await snapshots(owner.userId)).length, before + 1);
    await call(h, 'PUT', PATH, { token: owner.token, body: bodyOf(setting) });
  });

  test('the slug look-up: unknown 404, off or a deactivated venue not open', async () => {
    assert.equal((await bySlug('no-such-venue')).status, 404);
    assert.equal((await bySlug('Bad%20Slug')).status, 404);
    assert.equal((await call(h, 'GET', '/internal/venues/by-slug/harbourside-hall')).status, 401);
    const setting = await current(owner2);
    await call(h, 'PUT', PATH, { token: owner2.token, body: { ...bodyOf(setting), enabled: false } });
    assert.deepEqual((await bySlug(setting.slug!)).body, {
      tenantId: owner2.userId,
      slug: setting.slug,
      enabled: false,
    });
    await call(h, 'PUT', PATH, { token: owner2.token, body: bodyOf(setting) });
    assert.equal((await bySlug(setting.slug!)).body.enabled, true);
    await h.kit.db.systemTx((tx) =>
      tx.query(`UPDATE users SET status = 'inactive' WHERE id = $1`, [owner2.userId]),
    );
    try {
      assert.equal((await bySlug(setting.slug!)).body.enabled, false);
    } finally {
      await h.kit.db.systemTx((tx) =>
        tx.query(`UPDATE users SET status = 'active' WHERE id = $1`, [owner2.userId]),
      );
    }
  });

  test('the venue logo is the owner’s picture, shown to visitors of that venue only', async () => {
    const path = (slug: string) => `/api/public/venues/${slug}/logo`;
    const none = await call(h, 'GET', path('hilltop-community-centre'), {
      headers: visitorHeaders(owner2.userId, 'hilltop-community-centre'),
    });
    assert.equal(none.status, 404);
    assert.equal(none.body.message, 'This venue has no logo.');
    // The snapshot says so, so the public profile offers no logo's address (catalogue's test).
    assert.equal((await snapshots(owner.userId)).at(-1)!.logoVersion, null);
    const published = (await snapshots(owner.userId)).length;
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#116644' } })
      .png()
      .toBuffer();
    const up = await upload(h, '/api/users/upload-profile-picture', {
      token: owner.token,
      data: png,
      filename: 'logo.png',
    });
    assert.equal(up.status, 200);
    // Stored with the picture, in its transaction: the snapshot names the new picture.
    const picture = /([0-9a-f-]{36})\.webp$/.exec(up.body.profilePicture as string)![1];
    assert.equal((await snapshots(owner.userId)).length, published + 1);
    assert.equal((await snapshots(owner.userId)).at(-1)!.logoVersion, picture);
    const res = await fetch(h.url + path('harbourside-hall'), {
      headers: visitorHeaders(owner.userId, 'harbourside-hall'),
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/webp');
    assert.match(res.headers.get('cache-control') ?? '', /public/);
    assert.equal((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width, 300);
    // Hilltop's visitors still get Hilltop's (none); no visitor header at all is a 401.
    assert.equal(
      (
        await call(h, 'GET', path('hilltop-community-centre'), {
          headers: visitorHeaders(owner2.userId, 'hilltop-community-centre'),
        })
      ).status,
      404,
    );
    assert.equal((await call(h, 'GET', path('harbourside-hall'))).status, 401);
    assert.equal((await call(h, 'GET', path('harbourside-hall'), { token: owner.token })).status, 401);
    // Removing the picture removes the logo, and the snapshot says there is none again.
    const removed = await call(h, 'DELETE', '/api/users/delete-profile-picture', { token: owner.token });
    assert.equal(removed.status, 200);
    assert.equal((await snapshots(owner.userId)).at(-1)!.logoVersion, null);
    assert.equal(
      (
        await call(h, 'GET', path('harbourside-hall'), {
          headers: visitorHeaders(owner.userId, 'harbourside-hall'),
        })
      ).status,
      404,
    );
  });

  test('two venues claiming one new slug at once: one gets it, the other a 409', async () => {
    const [a, b] = await Promise.all([current(owner), current(owner2)]);
    const slug = `race-${randomUUID().slice(0, 8)}`;
    const answers = await Promise.all([
      call(h, 'PUT', PATH, { token: owner.token, body: { ...bodyOf(a), slug } }),
      call(h, 'PUT', PATH, { token: owner2.token, body: { ...bodyOf(b), slug } }),
    ]);
    assert.deepEqual(answers.map((r) => r.status).sort(), [200, 409]);
    const winner = answers[0]!.status === 200 ? owner : owner2;
    assert.equal((await bySlug(slug)).body.tenantId, winner.userId);
    await call(h, 'PUT', PATH, { token: owner.token, body: bodyOf(a) });
    await call(h, 'PUT', PATH, { token: owner2.token, body: bodyOf(b) });
  });
});

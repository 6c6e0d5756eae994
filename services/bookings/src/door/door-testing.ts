/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/**
 * Test fixtures of the customer's door (not a test file): a venue's Online bookings delivered in
 * admin's settings snapshot, calls as the gateway signs a visitor or a customer, a request body,
 * and the outbox's events.
 */
import type { OnlineBookings } from '@venue/contracts';
import { customerHeaders, visitorHeaders } from '@venue/service-kit/testing';
import { HALL, OTHER, OTHER_HALL, OWNER, ROOM, type Harness } from '../testing/harness.ts';

export const SLUG = 'harbour-test';
export const OTHER_SLUG = 'other-venue';

export const QUESTIONS: OnlineBookings['questions'] = [
  { id: 'alcohol', label: 'Will alcohol be served?', kind: 'yesno', required: true },
  { id: 'seating', label: 'Seating', kind: 'choice', options: ['Banquet', 'Theatre'], required: true },
  { id: 'music', label: 'Tell us about the music', kind: 'text', required: false },
];

export function online(over: Partial<OnlineBookings> = {}): OnlineBookings {
  return {
    enabled: true,
    slug: SLUG,
    resourceIds: [HALL, ROOM],
    minNoticeHours: 48,
    windowDays: 180,
    mode: 'request',
    verifyEmail: false,
    questions: QUESTIONS,
    agreement: {
      version: 3,
      text: 'Leave the hall as you found it.',
      cancellationTerms: 'Full refund up to 14 days before.',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
    ...over,
  };
}

/** Admin's next snapshot for the owner's venue (and the other venue, open too) with these settings. */
export async function openDoors(h: Harness, over: Partial<OnlineBookings> = {}): Promise<void> {
  await h.settings(OWNER, { onlineBookings: online(over) });
  await h.settings(OTHER, {
    onlineBookings: online({
      slug: OTHER_SLUG,
      resourceIds: [OTHER_HALL],
      questions: [],
      verifyEmail: false,
    }),
  });
}

type Reply = { status: number; body: any; text: string; headers: Headers };

async function send(
  h: Harness,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const res = await fetch(h.t.url + path, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed as any, text, headers: res.headers } satisfies Reply;
}

/** A visitor of the venue's page, as the gateway signs one (the owner's venue unless told). */
export function visit(
  h: Harness,
  method: string,
  path: string,
  body?: unknown,
  o: { tenantId?: string; slug?: string; address?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const slug = o.slug ?? SLUG;
  return send(
    h,
    method,
    `/api/public/venues/${slug}${path}`,
    { ...visitorHeaders(o.tenantId ?? OWNER, slug, o.address), ...o.headers },
    body,
  );
}

/** A signed-in customer of a venue (the owner's unless told). */
export function asCustomer(
  h: Harness,
  email: string,
  method: string,
  path: string,
  body?: unknown,
  tenantId: string = OWNER,
): Promise<Reply> {
  if (body instanceof FormData) {
    return fetch(h.t.url + path, { method, headers: customerHeaders({ tenantId, email }), body }).then(
      async (res) => {
        const text = await res.text();
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = null;
        }
        return { status: res.status, body: parsed as any, text, headers: res.headers };
      },
    );
  }
  return send(h, method, path, customerHeaders({ tenantId, email }), body);
}

/** A request for `date` at 18:00–22:00 in the Main Hall from Ada, the venue's questions answered. */
export function requestBody(date: string, over: Record<string, unknown> = {}) {
  return {
    resourceId: HALL,
    date,
    startTime: '18:00',
    endTime: '22:00',
    guests: 60,
    eventType: 'Birthday Party',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '0412 345 678',
    notes: 'We bring our own cake.',
    answers: { alcohol: true, seating: 'banquet', music: 'A string quartet' },
    agreementVersion: 3,
    acceptedTerms: true,
    website: '',
    addOns: [],
    ...over,
  };
}

/** The outbox's events of `type` (the service's events stay there for the assertions). */
export async function outbox(h: Harness, type: string): Promise<Array<Record<string, any>>> {
  const { rows } = await h.t.kit.db.query<{ data: Record<string, any> }>(
    `SELECT data FROM outbox WHERE type = $1 ORDER BY seq`,
    [type],
  );
  return rows.map((r) => r.data);
}

/** One value of a query run in the system scope (counts of rows a refusal must not have left). */
export async function count(h: Harness, sqlText: string, params: unknown[] = []): Promise<number> {
  const { rows } = await h.t.kit.db.systemTx((tx) => tx.query<{ n: number | string }>(sqlText, params));
  return Number(rows[0]?.n ?? 0);
}

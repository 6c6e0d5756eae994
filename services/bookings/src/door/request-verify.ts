/**
 * A request waiting for its e-mail (issue 25, decision 56; split from request-write.ts, issue 28
 * item 2): stored with the SHA-256 of a single-use token, spent once when the link is opened, and
 * the addresses the venue has seen open one of its links.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  VERIFY_LINK_HOURS,
  VERIFY_LINK_INVALID_MESSAGE,
  publicRequestBody,
  type PublicOccurrence,
  type PublicRequest,
  type VerifyAnswer,
} from '@venue/contracts/bookings';
import { HttpError, inRequestTx, notFound, type AppContext, type Tx } from '@venue/service-kit';
import { dateText, db, NOW } from '../db/query.ts';
import type { Deps } from '../deps.ts';
import type { CheckedRequest } from './request-check.ts';
import { checkAndBook, receivedAnswer, type Booked, type RequestMeta } from './request-write.ts';
import type { VenueDoor } from './venue-door.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether the venue has seen this address open one of its links. */
export async function isVerified(tx: Tx, tenantId: string, email: string): Promise<boolean> {
  const row = await db(tx)
    .selectFrom('verified_emails')
    .select('email')
    .where('tenant_id', '=', tenantId)
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Stores a checked request until its e-mail is verified and publishes the link's token for
 * comms. The stored payload is the request as parsed (checked again when the link is opened).
 */
export async function storeForVerification(
  ctx: AppContext,
  door: VenueDoor,
  body: PublicRequest,
  meta: Omit<RequestMeta, 'requestId' | 'acceptedAt'>,
  checked: CheckedRequest,
  now: Date,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + VERIFY_LINK_HOURS * 3_600_000);
  const email = body.email.trim().toLowerCase();
  await inRequestTx(ctx, async (tx) => {
    const row = await db(tx)
      .insertInto('online_requests')
      .values({
        tenant_id: door.tenantId,
        token_hash: hashToken(token),
        email,
        payload: JSON.stringify({ ...body, website: '', acceptedAt: now.toISOString() }),
        client_address: meta.clientAddress,
        expires_at: expiresAt.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.publish('booking.request_verification_requested', {
      requestId: row.id,
      tenantId: door.tenantId,
      slug: meta.slug,
      email,
      name: body.name,
      token,
      resourceName: checked.resource.name,
      date: body.date,
      start: body.startTime,
      end: body.endTime,
      dates: checked.dates.length + checked.skipped.length,
      expiresAt: expiresAt.toISOString(),
    });
  });
}

/** What a verification did, kept on the request so every later click answers the same. */
interface Outcome {
  bookingIds: string[];
  hold: boolean;
  skipped: PublicOccurrence[];
}

/**
 * A stored request. `payload` stays loose: it is checked again with the contract's schema when
 * the link is opened, since it may have been stored under an older one. `outcome` is written
 * only below, as an Outcome.
 */
interface StoredRequest {
  id: string;
  email: string;
  payload: Record<string, unknown>;
  client_address: string;
  expires_at: Date;
  verified_at: Date | null;
  outcome: Outcome | null;
}

async function findRequest(tx: Tx, tenantId: string, tokenHash: string, lock: boolean) {
  const row = await db(tx)
    .selectFrom('online_requests')
    .select(['id', 'email', 'payload', 'client_address', 'expires_at', 'verified_at', 'outcome'])
    .where('tenant_id', '=', tenantId)
    .where('token_hash', '=', tokenHash)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  return (row as StoredRequest | undefined) ?? null;
}

/** The answer to a link already spent: the bookings it made, as they are now. */
async function answerOfOutcome(tx: Tx, tenantId: string, outcome: Outcome): Promise<VerifyAnswer> {
  if (outcome.bookingIds.length === 0) throw notFound(VERIFY_LINK_INVALID_MESSAGE);
  const rows = await db(tx)
    .selectFrom('bookings')
    .select(['booking_code', 'start_time', 'end_time', 'resource_name', 'hold_expires_at', 'id'])
    .select((eb) => dateText(eb.ref('booking_date')).as('booking_date'))
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', outcome.bookingIds)
    .orderBy('starts_at')
    .execute();
  const bookings = rows.map((r) => ({
    code: r.booking_code,
    date: r.booking_date,
    startTime: r.start_time,
    endTime: r.end_time,
    resourceName: r.resource_name,
  }));
  if (bookings.length === 0) throw notFound(VERIFY_LINK_INVALID_MESSAGE);
  const hold = rows.find((r) => r.hold_expires_at);
  return {
    status: 'already',
    message: 'This request is already with the venue.',
    booking: bookings[0]!,
    bookings,
    hold: outcome.hold,
    holdExpiresAt:
      outcome.hold && hold?.hold_expires_at ? new Date(hold.hold_expires_at).toISOString() : null,
    skipped: outcome.skipped,
  };
}

/**
 * POST …/requests/verify: spends the link (see the module comment). Unknown, or older than its
 * 24 hours and never opened: 404. The slot is checked again; a time taken meanwhile is a 409 with
 * alternatives (the address is verified all the same, so a new request goes straight in).
 */
export async function verifyRequest(
  ctx: AppContext,
  deps: Deps,
  tenantId: string,
  token: string,
  slug: string,
): Promise<VerifyAnswer> {
  const tokenHash = hashToken(token);
  const now = deps.now();
  const stored = await inRequestTx(ctx, async (tx) => {
    const row = await findRequest(tx, tenantId, tokenHash, false);
    if (!row || (!row.outcome && new Date(row.expires_at) <= now))
      throw notFound(VERIFY_LINK_INVALID_MESSAGE);
    return {
      row,
      answer: row.outcome ? await answerOfOutcome(tx, tenantId, row.outcome) : null,
    };
  });
  if (stored.answer) return stored.answer;
  const parsed = publicRequestBody.safeParse(stored.row.payload);
  if (!parsed.success) throw notFound(VERIFY_LINK_INVALID_MESSAGE);
  const body = parsed.data;
  const acceptedAt = new Date(String(stored.row.payload.acceptedAt ?? stored.row.expires_at));
  const meta: RequestMeta = {
    slug,
    clientAddress: stored.row.client_address,
    acceptedAt,
    requestId: stored.row.id,
  };
  let spent: VerifyAnswer | null = null;
  let requestRowId = stored.row.id;
  try {
    const booked = await checkAndBook(ctx, deps, tenantId, body, meta, {
      agreementChecked: false,
      // The request's row lock decides between two clicks at once: the second waits for the
      // first to commit, then finds its outcome and books nothing.
      beforeWrite: async (tx) => {
        const row = await findRequest(tx, tenantId, tokenHash, true);
        if (!row) throw notFound(VERIFY_LINK_INVALID_MESSAGE);
        if (row.outcome) {
          spent = await answerOfOutcome(tx, tenantId, row.outcome);
          throw new AlreadySpent();
        }
        requestRowId = row.id;
      },
      afterWrite: (tx, result) => recordOutcome(tx, tenantId, requestRowId, result, stored.row.email),
    });
    const answer = receivedAnswer(booked);
    return {
      status: 'received',
      message: answer.message,
      booking: answer.bookings[0]!,
      bookings: answer.bookings,
      hold: answer.hold,
      holdExpiresAt: answer.holdExpiresAt,
      skipped: answer.skipped,
    };
  } catch (err) {
    if (err instanceof AlreadySpent && spent) return spent;
    if (err instanceof HttpError && (err.status === 409 || err.status === 422)) {
      // A click that lost to another one at once finds the slot taken by the first one's booking:
      // it answers what the first one did.
      const again = await inRequestTx(ctx, async (tx) => {
        const row = await findRequest(tx, tenantId, tokenHash, false);
        if (row?.outcome) return answerOfOutcome(tx, tenantId, row.outcome);
        // Refused (taken, or the venue's rules changed meanwhile): the address proved itself
        // all the same, so a new request from it goes straight in.
        await markVerified(tx, tenantId, stored.row.email);
        return null;
      });
      if (again) return again;
    }
    throw err;
  }
}

/** Thrown inside the write to roll back the bookings of a click that lost to another. */
class AlreadySpent extends Error {}

export async function markVerified(tx: Tx, tenantId: string, email: string): Promise<void> {
  await db(tx)
    .insertInto('verified_emails')
    .values({ tenant_id: tenantId, email: email.trim().toLowerCase() })
    .onConflict((oc) => oc.columns(['tenant_id', 'email']).doNothing())
    .execute();
}

/** The verification's outcome kept on its request, in the write that booked it; the address proved. */
async function recordOutcome(tx: Tx, tenantId: string, requestRowId: string, result: Booked, email: string) {
  const outcome: Outcome = {
    bookingIds: result.bookings.map((b) => b.id),
    hold: result.hold,
    skipped: result.skipped,
  };
  await db(tx)
    .updateTable('online_requests')
    .set({ verified_at: NOW, outcome: JSON.stringify(outcome) })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', requestRowId)
    .execute();
  await markVerified(tx, tenantId, email);
}

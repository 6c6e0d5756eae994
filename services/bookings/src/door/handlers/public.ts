import { VERIFY_SENT_MESSAGE } from '@venue/contracts/bookings';
import { inRequestTx, operation, parseBody, requireVisitor, type AppMiddleware } from '@venue/service-kit';
import type { Deps } from '../../deps.ts';
import { availability, honeypot, quote, visitorOf } from '../public-door.ts';
import { checkRequest } from '../request-check.ts';
import { isVerified, storeForVerification, verifyRequest } from '../request-verify.ts';
import { checkAndBook, receivedAnswer } from '../request-write.ts';
import { openDoor } from '../venue-door.ts';

/** The visitor's guard: the kit has none for `public`. */
const guard = [requireVisitor];

/** A space's free and busy times. */
export const publicAvailability = (deps: Deps) =>
  operation(
    'get /api/public/venues/{slug}/availability',
    { guard, transaction: 'none' },
    async ({ ctx, query }) => availability(ctx, deps, query),
  );

/** The server's price of a slot and its add-ons (and of each date of a repeat). */
export const publicQuote = (deps: Deps) =>
  operation('post /api/public/venues/{slug}/quote', { guard, transaction: 'none' }, async ({ ctx, body }) =>
    quote(ctx, deps, body),
  );

/**
 * A filled honeypot was typed by a machine: it is told what a person would be, nothing is kept.
 * Read before the rest of the body is parsed (its own type and length still checked).
 */
const honeypotStep: AppMiddleware = async (ctx, next) => {
  if (parseBody(ctx, honeypot).website.trim() !== '') {
    ctx.status = 202;
    ctx.body = { status: 'verify', message: VERIFY_SENT_MESSAGE };
    return;
  }
  await next();
};

/** Send a booking request (and its repeat) to the venue. */
export const publicRequest = (deps: Deps) =>
  operation(
    'post /api/public/venues/{slug}/requests',
    { guard, before: [honeypotStep], transaction: 'none' },
    async ({ ctx, body }) => {
      const visitor = visitorOf(ctx);
      const tenantId = visitor.tenantId;
      const needsVerifying = await inRequestTx(ctx, async (tx) => {
        const door = await openDoor(tx, tenantId);
        return door.online.verifyEmail && !(await isVerified(tx, tenantId, body.email));
      });
      if (needsVerifying) {
        const now = deps.now();
        const checked = await checkRequest(ctx, deps, tenantId, body, { now });
        await storeForVerification(
          ctx,
          checked.door,
          body,
          { slug: visitor.slug, clientAddress: visitor.address },
          checked,
          now,
        );
        ctx.status = 202;
        return { status: 'verify' as const, message: VERIFY_SENT_MESSAGE };
      }
      const booked = await checkAndBook(ctx, deps, tenantId, body, {
        slug: visitor.slug,
        clientAddress: visitor.address,
        acceptedAt: deps.now(),
        requestId: null,
      });
      ctx.status = 201;
      return receivedAnswer(booked);
    },
  );

/** Open the e-mailed link: the request becomes a booking (once). */
export const verifyPublicRequest = (deps: Deps) =>
  operation(
    'post /api/public/venues/{slug}/requests/verify',
    { guard, transaction: 'none' },
    async ({ ctx, body }) => {
      const visitor = visitorOf(ctx);
      return verifyRequest(ctx, deps, visitor.tenantId, body.token, visitor.slug);
    },
  );

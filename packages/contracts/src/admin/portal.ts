/**
 * The customer principal (issue 25, decision 56): sign-in by a link e-mailed for one venue, the
 * portal session and who is signed in. Admin parses with these; the OpenAPI document shows them.
 */
import { z } from 'zod';
import { oneLine } from '../api/fields.ts';

/** The one answer of `POST /api/public/venues/{slug}/portal-link`, known address or not. */
export const PORTAL_LINK_SENT_MESSAGE =
  'If this address can sign in here, a link is on its way. It works once, within 30 minutes.';
export const PORTAL_EMAIL_MESSAGE = 'Please enter a valid email address.';
/** `POST /api/portal/session` with a link that is unknown, spent or past its 30 minutes. */
export const PORTAL_LINK_INVALID_MESSAGE = 'This link has expired or was already used. Ask for a new one.';
export const PORTAL_SIGNED_OUT_MESSAGE = 'Signed out.';

/** POST /api/public/venues/{slug}/portal-link. The address is compared trimmed and lower-cased. */
export const portalLinkBody = z.object({
  email: oneLine(
    z
      .string({ error: PORTAL_EMAIL_MESSAGE })
      .trim()
      .toLowerCase()
      .max(320, PORTAL_EMAIL_MESSAGE)
      .pipe(z.email(PORTAL_EMAIL_MESSAGE)),
    'The e-mail address',
  ).meta({ format: 'email' }),
});

/** POST /api/portal/session: the token of the e-mailed link (`/my/sign-in?token=…`). */
export const portalSessionBody = z.object({
  token: z
    .string({ error: PORTAL_LINK_INVALID_MESSAGE })
    .regex(/^[A-Za-z0-9_-]{32,128}$/, PORTAL_LINK_INVALID_MESSAGE),
});

/** A customer access token (10 minutes, audience `venue-portal`); the refresh cookie is set beside it. */
export const portalTokenSchema = z.object({
  token: z.string(),
  /** Seconds until the token expires. */
  expiresIn: z.number().int(),
});
export type PortalToken = z.infer<typeof portalTokenSchema>;

/** GET /api/portal/me: who is signed in, at which venue. */
export const portalMeSchema = z.object({
  customerId: z.string(),
  email: z.string(),
  venue: z.object({ slug: z.string(), name: z.string() }),
});
export type PortalMe = z.infer<typeof portalMeSchema>;

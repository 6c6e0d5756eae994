/** The customer's door to admin (decision 56): the venue's public page and the portal's sessions. */
import { messageSchema } from '../api/common.ts';
import type { RouteTable } from '../api/route-table.ts';
import { portalLinkBody, portalMeSchema, portalSessionBody, portalTokenSchema } from './portal.ts';
import { ok, portal, publicDoor, slugParams } from './route-parts.ts';

export const PUBLIC_DOOR_ROUTES = [
  {
    ...publicDoor,
    method: 'get',
    path: '/api/public/venues/{slug}/logo',
    summary: "The venue's logo (the hall owner's profile picture)",
    params: slugParams,
    responses: {
      200: { description: 'The image', contentType: 'image/webp' },
      404: { description: 'The venue has no logo (or takes no online bookings).' },
    },
  },
  {
    ...publicDoor,
    method: 'post',
    path: '/api/public/venues/{slug}/portal-link',
    summary: "E-mail a sign-in link to the venue's customer portal",
    description:
      'Always 202 with the same message, whether or not the address has booked here: nothing says which. The link (`/my/sign-in?token=…`) works once, within 30 minutes.',
    params: slugParams,
    body: portalLinkBody,
    responses: { 202: { description: 'Accepted (known address or not)', schema: messageSchema } },
  },
] as const satisfies RouteTable;

export const PORTAL_ROUTES = [
  {
    ...portal,
    access: 'public',
    method: 'post',
    path: '/api/portal/session',
    summary: 'Start a portal session with the e-mailed link (spent once)',
    description:
      'Answers a customer access token (10 minutes, refused on every staff call) and sets the rotating refresh cookie `venue_portal_refresh` (path /api/portal/session); the session lasts 30 days.',
    body: portalSessionBody,
    responses: {
      ...ok(portalTokenSchema),
      401: { description: 'The link is unknown, already used or older than 30 minutes.' },
    },
  },
  {
    ...portal,
    access: 'public',
    method: 'post',
    path: '/api/portal/session/refresh',
    summary: 'A new customer access token from the refresh cookie (the cookie rotates)',
    responses: {
      ...ok(portalTokenSchema),
      401: { description: 'No session: no cookie, or the session ended (`code: portal_session_ended`).' },
    },
  },
  {
    ...portal,
    access: 'public',
    method: 'delete',
    path: '/api/portal/session',
    summary: 'Sign out of the portal (the refresh cookie, or the access token, names the session)',
    responses: ok(messageSchema),
  },
  {
    ...portal,
    access: 'customer',
    method: 'get',
    path: '/api/portal/me',
    summary: 'Who is signed in to the portal, at which venue',
    responses: ok(portalMeSchema),
  },
] as const satisfies RouteTable;

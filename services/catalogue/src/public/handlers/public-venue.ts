/**
 * The customer's door (issue 25, decision 56): a visitor of the venue's booking page, signed by
 * the gateway (`requireVisitor`: the kit has no guard for `public`), reads in a read of that
 * venue. Nothing private leaves: venue-profile.ts says what is shown.
 */
import { PHOTO_NOT_FOUND } from '@venue/contracts/catalogue';
import { notFound, operation, requireVisitor } from '@venue/service-kit';
import { isUuid } from '../../shared/common.ts';
import { photoOf, sendPhoto } from '../../resources/photo.ts';
import { venueProfile, venueSettings } from '../venue-profile.ts';

const visitorRead = { guard: [requireVisitor], transaction: 'read' } as const;

export const getPublicVenue = operation('get /api/public/venues/{slug}', visitorRead, ({ ctx, tx }) => {
  const visitor = ctx.state.visitor!;
  return venueProfile(tx, visitor.tenantId, visitor.slug);
});

export const getPublicPhoto = operation(
  'get /api/public/venues/{slug}/resources/{id}/photo',
  visitorRead,
  async ({ ctx, tx, params }) => {
    const visitor = ctx.state.visitor!;
    const id = params.id;
    if (!isUuid(id)) throw notFound(PHOTO_NOT_FOUND);
    const { online } = await venueSettings(tx, visitor.tenantId);
    // Only a space that takes requests shows its photo to visitors.
    if (!online.resourceIds.includes(id.toLowerCase())) throw notFound(PHOTO_NOT_FOUND);
    const photo = await photoOf(tx, visitor.tenantId, id.toLowerCase());
    if (!photo || photo.status !== 'active') throw notFound(PHOTO_NOT_FOUND);
    // The URL names the photo (?v=<its id>): a new photo is a new URL.
    sendPhoto(ctx, photo, 'public, max-age=86400');
  },
);

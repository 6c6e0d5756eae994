/**
 * The venue this browser last booked with, so `/my` can offer its sign-in without the visitor
 * knowing the venue's slug. Kept in localStorage; nothing personal is stored.
 */
const KEY = 'venuedesk.portal.venue';
const SLUG = /^[a-z0-9-]{3,60}$/;

export function rememberVenue(slug: string): void {
  try {
    if (SLUG.test(slug)) localStorage.setItem(KEY, slug);
  } catch {
    // storage may be off (private mode): the sign-in link still carries the venue
  }
}

export function rememberedVenue(): string | null {
  try {
    const slug = localStorage.getItem(KEY);
    return slug && SLUG.test(slug) ? slug : null;
  } catch {
    return null;
  }
}

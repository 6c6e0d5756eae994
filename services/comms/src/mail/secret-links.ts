/**
 * The single-use links of the customer's door (issue 25, decision 56): "Verify your e-mail"
 * (`/book/<slug>/verify?token=…`) and "Your portal link" (`/my/sign-in?token=…`). The token signs
 * a customer in, or sends a request in their name, so it lives in the e-mail itself and nowhere
 * else comms keeps: bookings and admin store only its SHA-256, and comms needs the plaintext only
 * until its mail server has taken the message.
 *
 * - While the message waits, the stored text has the token (the worker sends it from there, and
 *   sends it again after a crash); the history, its detail and the venue's data export show it
 *   masked all the same, so nobody with the `comms` page reads a working link.
 * - Once sent, or given up on, the stored subject and bodies are masked for good (worker.ts), in the
 *   same update as the outcome: a copy of the database taken later signs nobody in.
 *
 * The mask keeps the rest of the address, so the history still shows where the link led, and that
 * a link was there.
 */

/** The query part of the two link forms, up to the token (base64url). */
const SECRET_LINK = /(\/book\/[a-z0-9-]+\/verify\?token=|\/my\/sign-in\?token=)[A-Za-z0-9_-]+/g;

/** What the token reads as in the history. */
export const MASKED_TOKEN = 'hidden-after-sending';

/** The text with every single-use link's token masked (text or HTML alike). */
export function maskSecretLinks(text: string): string {
  return text.replace(SECRET_LINK, `$1${MASKED_TOKEN}`);
}

/**
 * The customer door's limits and messages (issue 25, decision 56): the service answers with
 * these, the portal shows them and checks against them, and the schemas of door-public.ts and
 * door-portal.ts are built on them.
 */

/** A visitor reads at most this many days of one resource's availability at once (two months). */
export const AVAILABILITY_MAX_DAYS = 62;
/** How long the "Verify your e-mail" link works. */
export const VERIFY_LINK_HOURS = 24;
/** A hold made online (the venue's `hold` mode) lasts this long. */
export const ONLINE_HOLD_HOURS = 24;
/** An uploaded ID or insurance document: a PDF or an image, at most this big. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_KINDS = ['id', 'insurance'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = { id: 'ID', insurance: 'Insurance' };
/** What an uploaded document may be, by its content (never its name). */
export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;
/** Alternatives offered with a refused slot: nearest first on its day, then the next days. */
export const MAX_ALTERNATIVES = 5;
export const NOTES_MAX_LENGTH = 4000;
export const ANSWER_MAX_LENGTH = 2000;
export const CUSTOMER_MESSAGE_MAX_LENGTH = 2000;

export const AVAILABILITY_RANGE_MESSAGE = `Ask for at most ${AVAILABILITY_MAX_DAYS} days at a time, "to" on or after "from".`;
export const RESOURCE_NOT_ONLINE_MESSAGE = 'This space does not take online requests.';
export const AGREEMENT_NOT_ACCEPTED_MESSAGE = 'Please accept the hire agreement and the cancellation terms.';
export const AGREEMENT_CHANGED_MESSAGE =
  'The hire agreement has changed since the page was opened. Please read it again and accept it.';
export const ANSWER_REQUIRED_MESSAGE = 'Please answer this question.';
export const ANSWER_CHOICE_MESSAGE = 'Please choose one of the options.';
export const ANSWER_YESNO_MESSAGE = 'Please answer yes or no.';
export const VERIFY_LINK_INVALID_MESSAGE =
  'This link is not valid any more (it works once, within 24 hours). Please send your request again from the booking page.';
export const VERIFY_SENT_MESSAGE =
  'Almost done: we have e-mailed you a link. Your request reaches the venue when you open it.';
export const REQUEST_RECEIVED_MESSAGE = 'Your request is with the venue. You will hear from them by e-mail.';
export const HOLD_RECEIVED_MESSAGE =
  'The time is held for you for 24 hours while the venue confirms it. You will hear from them by e-mail.';
export const PRICE_UNAVAILABLE_MESSAGE =
  'The price could not be worked out just now, so nothing was sent. Please try again in a minute.';
export const PORTAL_CANCEL_ONLY_REQUESTS =
  'Only a request the venue has not confirmed can be cancelled here. Please contact the venue.';
export const CHANGES_SENT_MESSAGE = 'Sent. The venue will answer by e-mail.';
export const CHANGES_EMPTY_MESSAGE = 'Please say what you would like to change.';
export const DOCUMENT_TYPE_MESSAGE = 'Upload a PDF or a photo (JPEG, PNG, WebP or HEIC).';
export const DOCUMENT_TOO_LARGE_MESSAGE = 'The file is larger than 10 MB.';
export const DOCUMENT_MISSING_MESSAGE = 'Choose a file to upload.';
export const DOCUMENT_KIND_MESSAGE = 'Say whether the document is your ID or your insurance.';
export const DOCUMENT_NOT_FOUND_MESSAGE = 'No such document on this booking.';
export const DOCUMENTS_CLOSED_MESSAGE =
  'Documents can only be added to a booking that is not cancelled or over.';

/**
 * Why a slot is refused: `taken` (409: a booking, a hold or a block-out holds the time, buffers
 * included), and 422 for the venue's own rules: `closed` (the space is closed that day),
 * `outside_hours` (before opening or after closing), `too_soon` (inside the minimum notice),
 * `outside_window` (past the booking window, or in the past).
 */
export const SLOT_REFUSALS = ['taken', 'closed', 'outside_hours', 'too_soon', 'outside_window'] as const;
export type SlotRefusal = (typeof SLOT_REFUSALS)[number];

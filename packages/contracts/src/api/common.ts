/** Answer shapes every service shares: errors, messages, paging and the id path parameter. */
import { z } from 'zod';

/** A field the request got wrong, as the kit's parseBody/parseQuery name it (`items.2.name`). */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });

/**
 * Every refusal: `message` for people; `errors` naming the fields of a 400; `code` and other
 * keys where a call says more (`session_ended`, `reason`, `collisions`, …).
 */
export const errorSchema = z.looseObject({
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  code: z.string().optional(),
  reason: z.string().optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

/** `{message}` answers of deletions and actions without a body of their own. */
export const messageSchema = z.object({ message: z.string() });

/** An instant as ISO 8601 (UTC `Z`, or the venue's offset where a call says so). */
export const instant = () => z.string().meta({ format: 'date-time' });
/** A calendar day, `YYYY-MM-DD`. */
export const day = () => z.string().meta({ format: 'date' });
/** A wall-clock time at the venue, `HH:mm`. */
export const hhmm = () => z.string().meta({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });
/** Whole cents. */
export const cents = () => z.number().int();

export const idParams = z.object({ id: z.string().meta({ description: 'The id (a uuid).' }) });

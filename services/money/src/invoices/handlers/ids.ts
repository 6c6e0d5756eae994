/** Path ids of the invoice calls. */
import { z } from 'zod';

const uuid = z.uuid();

/** An id that is no uuid names nothing: null, which loadInvoice and the documents answer with a 404. */
export const uuidOrNull = (id: string): string | null => (uuid.safeParse(id).success ? id : null);

/**
 * What a quotation asks of other services (issue 24 item 2), each call made with no transaction
 * open, through the kit's internal client: the catalogue names the resource (a quotation stores
 * and answers the resource's name as the catalogue has it, never its id), and bookings checks the
 * slot before the quotation is sent (the same bookings, buffers, holds and block-outs an accept
 * would meet). Neither guesses: a peer that cannot answer stops the save or the send (503).
 */
import { internalResourcesSchema, type InternalResource } from '@venue/contracts/internal';
import {
  QUOTATION_MESSAGES as M,
  quotationSlotCheckAnswerSchema,
  type QuotationSlotCheck,
  type QuotationSlotCheckAnswer,
} from '@venue/contracts/money-api';
import { badRequest, callService, conflict, HttpError, InternalCallError, isUuid } from '@venue/service-kit';

/** A resource of the venue, as a quotation keeps it: its id and its name. */
export interface QuotedResource {
  id: string;
  name: string;
}

/**
 * The venue's resource a form names by id (the form's select) or by its exact name (an API
 * client, an older quotation): 400 naming `resource` when the venue has no such resource, 503
 * when the catalogue cannot say.
 */
export async function resolveResource(tenantId: string, resource: string): Promise<QuotedResource> {
  let list: InternalResource[];
  try {
    list = await callService({
      service: 'catalogue',
      path: `/internal/resources/${tenantId}`,
      response: internalResourcesSchema,
    });
  } catch {
    throw new HttpError(503, M.resourcesUnreachable);
  }
  const wanted = resource.trim();
  const byId = isUuid(wanted) ? list.find((r) => r.id === wanted) : undefined;
  // A name counts only when exactly one resource has it (case aside): anything else is a guess.
  const byName = byId
    ? []
    : list.filter((r) => r.name.trim().toLowerCase() === wanted.toLowerCase() && r.name.trim() !== '');
  const found = byId ?? (byName.length === 1 ? byName[0] : undefined);
  if (!found || !found.name.trim())
    throw badRequest(M.resourceUnknown, { errors: [{ path: 'resource', message: M.resourceUnknown }] });
  return { id: found.id, name: found.name.trim() };
}

/**
 * Bookings' answer for the slot (free, or the clash named). A refusal of the request (4xx: an
 * archived or unknown resource) is the quotation's problem: 409 in bookings' words; no answer at
 * all is 503, and the quotation is not sent.
 */
export async function checkSlot(check: QuotationSlotCheck): Promise<QuotationSlotCheckAnswer> {
  try {
    return await callService({
      service: 'bookings',
      method: 'POST',
      path: '/internal/bookings/slot-check',
      body: check,
      response: quotationSlotCheckAnswerSchema,
      // a check writes nothing: safe to repeat
      idempotent: true,
      retries: 2,
    });
  } catch (err) {
    if (
      err instanceof InternalCallError &&
      err.status !== undefined &&
      err.status < 500 &&
      err.status !== 404
    )
      throw conflict(`${M.slotUnchecked} (bookings answered ${err.status})`, { conflict: null });
    throw new HttpError(503, M.slotUnchecked, { conflict: null });
  }
}

import { randomUUID } from 'node:crypto';

/** A message's Message-ID, fixed when it is queued and kept across every retry (issue 12 item 3). */
export function newMessageId(): string {
  return `<${randomUUID()}@venuedesk>`;
}

/** Header naming the tenant on every message, so the embedded capture can file it (Mail preview). */
export const TENANT_HEADER = 'X-VenueDesk-Tenant';

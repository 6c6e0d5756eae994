import { badRequest, conflict, operation } from '@venue/service-kit';
import type { Deps } from '../../deps.ts';
import { bookingLabel, publishBooking, reload } from '../../bookings/booking-row.ts';
import { db, NOW } from '../../db/query.ts';
import { tenantSettings } from '../../remote/tenant-settings.ts';
import { tenantOf } from '../../shared/request.ts';
import { changedMeanwhile } from '../../status/transitions.ts';

const CHANGES_NEEDED = 'Please enter a message describing the changes needed.';

/** Ask the customer of a pending request for changes (comms e-mails them, issue 12). */
export const requestChanges = (deps: Deps) =>
  operation('post /api/bookings/{id}/request-changes', async ({ ctx, tx, params, body }) => {
    const message = (body.message ?? '').trim();
    if (!message)
      throw badRequest(CHANGES_NEEDED, { errors: [{ path: 'message', message: CHANGES_NEEDED }] });
    const { timezone } = await tenantSettings(tx, tenantOf(ctx));
    const row = await reload(tx, params.id);
    if (row.status !== 'pending')
      throw conflict(`Changes can only be requested on a pending booking; this one is ${row.status}.`);
    // Conditional on the status read above: a confirm or decline committed meanwhile wins, and
    // the customer is not asked for changes to a booking that is no longer a request.
    const asked = await db(tx)
      .updateTable('bookings')
      .set({
        change_request: JSON.stringify({ message: message.slice(0, 5000), at: deps.now().toISOString() }),
        updated_at: NOW,
      })
      .where('tenant_id', '=', row.tenant_id)
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (asked.numUpdatedRows === 0n) throw conflict(changedMeanwhile((await reload(tx, row.id)).status));
    const updated = await reload(tx, row.id);
    await tx.audit(ctx, {
      action: 'booking_changes_requested',
      targetType: 'booking',
      target: row.booking_code,
      targetLabel: bookingLabel(updated),
      additionalInfo: message.slice(0, 500),
    });
    // comms e-mails the customer the message with the tenant's Changes requested template (issue 12)
    const booking = await publishBooking(tx, 'booking.updated', updated, timezone, {
      changesRequested: { message: message.slice(0, 5000) },
    });
    return { booking };
  });

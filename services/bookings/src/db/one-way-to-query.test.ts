// One way to query (issue 10 item 5, decision 35): bookings builds every statement with `db(tx)`
// (src/db/query.ts); the kit's check reads its source so a raw query cannot return.
import { describeOneWayToQuery } from '@venue/service-kit/testing';

describeOneWayToQuery({
  service: 'bookings',
  src: new URL('..', import.meta.url),
  sample: 'bookings/list-page.ts',
  allowed: {
    // test fixtures, not service code: they read the kit's outbox and count rows a refusal must not leave
    'door/door-testing.ts':
      'the door tests read the outbox (the kit’s table, not in BookingsDb) and count rows',
  },
});

// One way to query (issue 10 item 5, decision 35): money builds every statement with its typed
// Kysely builder (`db(tx)`, src/db/query.ts); the kit's check reads money's source so a raw
// query cannot come back. Test files may still set up with raw SQL.
import { describeOneWayToQuery } from '@venue/service-kit/testing';

describeOneWayToQuery({
  service: 'money',
  src: new URL('..', import.meta.url),
  sample: 'invoices/operations.ts',
});

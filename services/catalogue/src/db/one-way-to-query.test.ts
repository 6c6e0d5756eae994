// One way to query (issue 10 item 5, decision 35): the catalogue builds every statement with
// `db(tx)` (src/db/query.ts); the kit's check reads its source so a raw query cannot return.
import { describeOneWayToQuery } from '@venue/service-kit/testing';

describeOneWayToQuery({
  service: 'catalogue',
  src: new URL('..', import.meta.url),
  sample: 'resources/resource-write.ts',
});

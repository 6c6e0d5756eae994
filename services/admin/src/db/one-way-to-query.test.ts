// One way to query (issue 10 item 5, decision 35): admin builds every statement with
// `kyselyOf<AdminDb>(tx)`; the kit's check reads admin's source so a raw query cannot return.
import { describeOneWayToQuery } from '@venue/service-kit/testing';

describeOneWayToQuery({
  service: 'admin',
  src: new URL('..', import.meta.url),
  sample: 'audit/handlers/stats.ts',
  allowed: {
    'testing/harness.ts':
      "test support, not the service: reads the kit's outbox, a kit-owned table that AdminDb leaves out",
  },
});

// The event catalogue across the whole system: the one place that may read every service's
// consumers (services never import each other). Subscriptions must be exactly the consumers
// that exist, every published type must be its service's own, and docs/platform-contract.md
// must show the catalogue as it is.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  consumerProblems,
  EVENTS,
  SERVICES,
  SUBSCRIPTIONS,
  eventDefinition,
  matchesEventPattern,
  type ServiceName,
} from '@venue/contracts';
import type { ServiceOptions } from '@venue/service-kit';
import { adminService } from '../services/admin/src/app.ts';
import { createBookingsService } from '../services/bookings/src/app.ts';
import { createCatalogueService } from '../services/catalogue/src/app.ts';
import { commsService } from '../services/comms/src/app.ts';
import { insightsService } from '../services/insights/src/app.ts';
import { moneyService } from '../services/money/src/app.ts';
import { GATEWAY_HANDLERS } from '../gateway/src/event-feed.ts';

const root = path.resolve(import.meta.dirname, '..');

const services: Record<ServiceName, ServiceOptions> = {
  admin: adminService,
  bookings: createBookingsService({ clients: { resources: async () => null, priceQuote: async () => null } }),
  catalogue: createCatalogueService(),
  comms: commsService,
  insights: insightsService,
  money: moneyService,
};

/** The catalogue as a Markdown table: type, version, producer, consumers, what it carries. */
export function catalogueTable(): string {
  const rows = Object.entries(EVENTS).map(([type, def]) => {
    const consumers = Object.entries(SUBSCRIPTIONS)
      .filter(([, keys]) => (keys as readonly string[]).some((k) => matchesEventPattern(k, type)))
      .map(([name]) => name);
    return `| \`${type}\` | ${def.version} | ${def.producer === '*' ? 'every service' : def.producer} | ${consumers.join(', ') || '—'} | ${def.summary} |`;
  });
  return ['| type | version | producer | consumers | payload |', '|---|---|---|---|---|', ...rows].join('\n');
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('event subscriptions and consumers', () => {
  it('each service consumes exactly what SUBSCRIPTIONS says it does', () => {
    assert.deepEqual(Object.keys(services).sort(), SERVICES.map((s) => s.name).sort());
    for (const [name, options] of Object.entries(services)) {
      assert.equal(options.name, name);
      assert.deepEqual(consumerProblems(name, Object.keys(options.consumers ?? {})), [], name);
    }
  });

  it('the gateway handles exactly its subscriptions', () => {
    assert.deepEqual(consumerProblems('gateway', Object.keys(GATEWAY_HANDLERS)), []);
  });

  it('every literal type a service publishes is in the catalogue and is that service’s own', () => {
    const found: string[] = [];
    for (const name of Object.keys(services)) {
      for (const file of sourceFiles(path.join(root, 'services', name, 'src'))) {
        const text = readFileSync(file, 'utf8');
        for (const m of text.matchAll(/(?:\.publish|publishBooking)\(\s*(?:[\w.]+,\s*)?'([^']+)'/g)) {
          const type = m[1]!;
          const where = `${path.relative(root, file)}: ${type}`;
          found.push(type);
          const def = eventDefinition(type);
          assert.ok(def, `${where} is not in EVENTS`);
          assert.ok(def.producer === '*' || def.producer === name, `${where} belongs to ${def.producer}`);
        }
      }
    }
    // The scan sees the calls (it would pass vacuously if the pattern stopped matching).
    assert.ok(found.includes('booking.created') && found.includes('resource.created'), found.join(', '));
  });

  it('docs/platform-contract.md shows the catalogue as it is', () => {
    const doc = readFileSync(path.join(root, 'docs/platform-contract.md'), 'utf8');
    const start = '<!-- event-catalogue:start (scripts/event-catalogue.test.ts) -->';
    const end = '<!-- event-catalogue:end -->';
    const shown = doc.slice(doc.indexOf(start) + start.length, doc.indexOf(end)).trim();
    assert.ok(doc.includes(start) && doc.includes(end), 'the catalogue markers are in the document');
    assert.equal(shown, catalogueTable(), `replace the table between the markers with:\n${catalogueTable()}`);
  });
});

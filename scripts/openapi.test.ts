/**
 * The published API (issue 10 item 2): the OpenAPI document built from the route tables is valid
 * OpenAPI 3.1, names every call of the specification's call tables (spec 01, 02 and 03 §7) whose
 * area has a table, and breaks nothing of the committed docs/api/openapi.json: a call, an answer
 * or an answer's field removed, or a type changed, fails here; additions pass, and
 * `node scripts/openapi.mjs` writes them into the file.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { breakingChanges, doorRouteProblems, ONE_LINE_PATTERN } from '@venue/contracts/api';
import { API_ROUTE_TABLES, venueOpenApi } from '@venue/contracts/openapi';
import { serviceForPath } from '@venue/contracts';

const FILE = new URL('../docs/api/openapi.json', import.meta.url);
type Json = Record<string, unknown>;

/** The specification's call tables, as written there (spec 01, 02 and 03, section 7). */
const SPEC_CALLS = [
  // 01 shell, auth, admin
  'POST /api/login',
  'GET /api/users/profile',
  'GET /api/users/parent-data/{parentUserId}',
  'GET /api/users/settings',
  'PUT /api/users/settings',
  'POST /api/users/log-password-change',
  'GET /api/users/stripe-account',
  'PUT /api/users/stripe-account',
  'GET /api/users/payment-methods',
  'PUT /api/users/payment-methods',
  'GET /api/users/bank-details',
  'PUT /api/users/bank-details',
  'GET /api/users/sub-users/{userId}',
  'POST /api/users',
  'PUT /api/users/sub-users/{subUserId}',
  'DELETE /api/users/{id}',
  'PUT /api/users/change-sub-user-password',
  'GET /api/users',
  'PUT /api/users/{id}',
  'POST /api/users/upload-profile-picture',
  'DELETE /api/users/delete-profile-picture',
  'GET /api/audit',
  'GET /api/audit/stats',
  'GET /api/audit/actions',
  'GET /api/audit/target-types',
  'GET /api/dashboard/stats',
  'GET /api/dashboard/schedule',
  'GET /api/dashboard/payments-due',
  'GET /api/dashboard/holds-expiring',
  'GET /api/dashboard/activity',
  'GET /api/dashboard/resources',
  // 02 bookings, customers, comms
  'GET /api/bookings/hall-owner/{ownerId}',
  'GET /api/bookings/{id}',
  'POST /api/bookings/admin',
  'PUT /api/bookings/{id}',
  'PUT /api/bookings/{id}/status',
  'GET /api/resources',
  'GET /api/pricing',
  'GET /api/email-templates',
  'GET /api/email-templates/{id}',
  'PUT /api/email-templates/{id}',
  'DELETE /api/email-templates/{id}',
  'POST /api/email-templates',
  'POST /api/email-comms/send',
  'GET /api/email-comms/history',
  'GET /api/email-comms/customers',
  'GET /api/email-comms/bookings/{customerEmail}',
  // 03 money, catalogue, reports
  'POST /api/invoices',
  'GET /api/invoices/hall-owner/{hallOwnerId}',
  'PUT /api/invoices/{id}/status',
  'PUT /api/invoices/{id}/payment',
  'GET /api/payments/hall-owner/{hallOwnerId}',
  'GET /api/invoices/{id}/pdf',
  'POST /api/invoices/send-reminders',
  'POST /api/quotations',
  'GET /api/quotations/my-quotations',
  'GET /api/quotations/{id}',
  'PUT /api/quotations/{id}',
  'PUT /api/quotations/{id}/status',
  'DELETE /api/quotations/{id}',
  'GET /api/quotations/{id}/pdf',
  'POST /api/resources',
  'PUT /api/resources/{id}',
  'DELETE /api/resources/{id}',
  'POST /api/pricing',
  'PUT /api/pricing/{id}',
  'DELETE /api/pricing/{id}',
] as const;

/** A call without its path parameters' names: the spec's `{subUserId}` and the document's `{userId}` are one URL. */
const shape = (call: string) => call.replace(/\{[^}]*\}/g, '{}');

/** The linter the issue was checked with, run as its command line runs it: offline, no telemetry. */
const REDOCLY = fileURLToPath(new URL('../node_modules/@redocly/cli/bin/cli.js', import.meta.url));

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn' | 'warning';
  message: string;
  location?: Array<{ pointer?: string }>;
}

async function redoclyLint(
  doc: unknown,
): Promise<{ totals: { errors: number; warnings: number }; problems: LintProblem[] }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'venue-openapi-'));
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(doc));
  try {
    const run = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', file, '--format=json'], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 120_000,
    }).catch((err: { stdout?: string; code?: unknown }) => {
      // It exits 1 when it finds an error; the report is on stdout all the same.
      if (typeof err.stdout === 'string' && err.stdout.trim().startsWith('{')) return { stdout: err.stdout };
      throw err;
    });
    return JSON.parse(run.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const documented = (doc: Record<string, unknown>) => {
  const out = new Set<string>();
  for (const [path, ops] of Object.entries(doc.paths as Record<string, object>))
    for (const method of Object.keys(ops)) out.add(`${method.toUpperCase()} ${path}`);
  return out;
};

describe('the OpenAPI document', () => {
  const doc = venueOpenApi();

  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    assert.equal(validator.version, '3.1');
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2)?.slice(0, 4000));
  });

  it('names every call of the specification whose area has a route table', () => {
    const calls = new Set([...documented(doc)].map(shape));
    const withTable = new Set(API_ROUTE_TABLES.flat().map((r) => r.service));
    const missing = SPEC_CALLS.filter((call) => {
      const area = serviceForPath(call.split(' ')[1]!)?.name;
      return area !== undefined && withTable.has(area) && !calls.has(shape(call));
    });
    assert.deepEqual(missing, []);
    // The calls of areas whose table is still to come (comms, money, insights) are listed in
    // the report of this check, so they cannot be forgotten when a table is added.
    const pending = SPEC_CALLS.filter((call) => !calls.has(shape(call)));
    if (pending.length)
      console.log(`[openapi] spec calls of areas without a route table yet:\n  ${pending.join('\n  ')}`);
  });

  it('passes `redocly lint` (its recommended rules) with no error', async () => {
    const report = await redoclyLint(doc);
    const errors = report.problems.filter((p) => p.severity === 'error');
    assert.deepEqual(
      errors.map((p) => `${p.ruleId}: ${p.message} (${p.location?.[0]?.pointer ?? ''})`),
      [],
    );
    assert.equal(report.totals.errors, 0);
  });

  it('keeps the customer door apart (decision 56): public calls are Public, portal calls Portal and for customers', () => {
    assert.deepEqual(
      API_ROUTE_TABLES.flatMap((table) => doorRouteProblems(table)),
      [],
    );
    const tags = (doc.tags as Array<{ name: string }>).map((t) => t.name);
    assert.ok(tags.includes('Public') && tags.includes('Portal'), tags.join(', '));
  });

  it('routes every staff call to the service that declares it (the gateway reads SERVICES prefixes)', () => {
    const astray = API_ROUTE_TABLES.flat()
      .filter((r) => !r.path.startsWith('/api/public/') && !r.path.startsWith('/api/portal/'))
      .filter((r) => serviceForPath(r.path)?.name !== r.service)
      .map(
        (r) =>
          `${r.method.toUpperCase()} ${r.path}: ${r.service}, routed to ${serviceForPath(r.path)?.name ?? 'nobody'}`,
      );
    assert.deepEqual(astray, []);
  });

  it('documents 413 on every call that takes a body', () => {
    const missing: string[] = [];
    for (const [p, ops] of Object.entries(
      doc.paths as Record<string, Record<string, Record<string, unknown>>>,
    ))
      for (const [method, op] of Object.entries(ops)) {
        const takesBody = op.requestBody !== undefined || ['post', 'put', 'patch'].includes(method);
        if (takesBody && !(op.responses as Record<string, unknown>)['413'])
          missing.push(`${method.toUpperCase()} ${p}`);
      }
    assert.deepEqual(missing, []);
  });

  it('marks every one-line request field (names, subjects, references, phones) as one line', () => {
    // Issue 24 item 15: these refuse line breaks (contracts' oneLine), and the document says so.
    // Numbers written as text (an account number) have patterns of their own.
    const ONE_LINE_NAME = /(name|subject|reference|phone|title)$/i;
    const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
    const deref = (s: Json | undefined): Json | undefined =>
      typeof s?.$ref === 'string' ? schemas[s.$ref.split('/').pop()!] : s;
    const strings = (s: Json | undefined): Json[] => {
      const d = deref(s);
      if (!d) return [];
      if (d.type === 'string') return [d];
      return ((d.anyOf ?? d.oneOf ?? []) as Json[]).flatMap(strings);
    };
    const missing = new Set<string>();
    const walk = (node: Json | undefined, where: string, seen: Set<Json>) => {
      const s = deref(node);
      if (!s || seen.has(s)) return;
      seen.add(s);
      for (const branch of [
        ...((s.anyOf ?? []) as Json[]),
        ...((s.oneOf ?? []) as Json[]),
        ...((s.allOf ?? []) as Json[]),
      ])
        walk(branch, where, seen);
      if (s.items) walk(s.items as Json, `${where}[]`, seen);
      for (const [key, prop] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
        const texts = strings(prop);
        if (ONE_LINE_NAME.test(key) && texts.length && !texts.every((t) => t.pattern === ONE_LINE_PATTERN))
          missing.add(`${where}.${key}`);
        walk(prop, `${where}.${key}`, seen);
      }
    };
    for (const [p, ops] of Object.entries(doc.paths as Record<string, Record<string, Json>>))
      for (const [method, op] of Object.entries(ops))
        for (const media of Object.values(
          ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>,
        ))
          walk(media.schema as Json, `${method.toUpperCase()} ${p}`, new Set());
    assert.deepEqual([...missing].sort(), []);
  });

  it('breaks nothing of the published docs/api/openapi.json (additions pass)', () => {
    const published = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;
    const breaking = breakingChanges(published, doc);
    assert.deepEqual(
      breaking,
      [],
      `A change breaks the published API for its clients:\n  ${breaking.join('\n  ')}\n` +
        'Keep the old answer (add a field or a new route instead). To publish a break anyway, run ' +
        '`node scripts/openapi.mjs --accept-breaking` and say why in docs/decisions.',
    );
    const added = [...documented(doc)].filter((call) => !documented(published).has(call));
    if (added.length || JSON.stringify(published) !== JSON.stringify(doc))
      console.log(
        `[openapi] docs/api/openapi.json is behind the route tables (additive changes${added.length ? `, new calls: ${added.join(', ')}` : ''}); run \`node scripts/openapi.mjs\` to accept them.`,
      );
  });
});

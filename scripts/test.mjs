// `npm test`: type checks, lint, then every unit and service test in one node:test run, then the
// UI component tests (jest).
// Service tests use PGlite in-process, or the PostgreSQL server named by TEST_DATABASE_URL.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureInstalled, reexecUnderNode24, root } from './lib/node24.mjs';

ensureInstalled();
reexecUnderNode24(import.meta.filename);

const step = (label, cmd, args) => {
  console.log(`\n[test] ${label}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (res.status !== 0) {
    console.error(`[test] ${label} failed`);
    process.exit(res.status ?? 1);
  }
};

const bin = (name) => `${root}/node_modules/.bin/${name}`;
if (!process.argv.includes('--no-static')) {
  // First: a stale schema.generated.ts would make the typecheck's errors about the wrong thing.
  step('database types match the migrations', process.execPath, ['scripts/db-types.mjs', '--check']);
  step('typecheck (node)', bin('tsc'), ['-p', 'tsconfig.node.json']);
  step('typecheck (web)', bin('tsc'), ['-p', 'tsconfig.web.json']);
  step('typecheck (browser tests)', bin('tsc'), ['-p', 'e2e/tests/tsconfig.json']);
  step('lint', bin('eslint'), ['--max-warnings=0', '.']);
  step('format', bin('prettier'), ['--check', '--log-level=warn', '.']);
}
console.log(
  `\n[test] unit and service tests on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL server' : 'PGlite (embedded)'}`,
);
// On the PostgreSQL server every test must run: that is where races are real. A test may skip
// there only for a reason that names what is missing (NATS, a frontend build) or that it is
// about PGlite alone; any other skip, a race test's above all, fails the run.
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const runDir = mkdtempSync(path.join(tmpdir(), 'venue-test-'));
const tapFile = path.join(runDir, 'results.tap');
// Each test file's process keeps its services' in-memory databases right after migrating here,
// and the run's other processes start from them (service-kit db/pglite.ts): fresh for each run.
process.env.VENUE_PGLITE_IMAGE_DIR = path.join(runDir, 'pglite-images');
process.on('exit', () => rmSync(process.env.VENUE_PGLITE_IMAGE_DIR, { recursive: true, force: true }));
// Each of the ~260 test files is a process that compiles the same modules (the service, Koa,
// zod, the contracts): node's compile cache keeps V8's code for them on disk, kept between runs
// (it checks each file's content). A service test file's start fell from ~2.2 to ~1.8 s of CPU.
process.env.NODE_COMPILE_CACHE ??= path.join(root, 'node_modules', '.cache', 'node-compile');
const ALLOWED_SERVER_SKIPS = /PGlite|NATS|not built/i;

step('node --test', process.execPath, [
  '--test',
  '--test-concurrency=2',
  '--test-timeout=120000',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=tap',
  `--test-reporter-destination=${tapFile}`,
  'packages/*/src/**/*.test.ts',
  'services/*/src/**/*.test.ts',
  'gateway/src/**/*.test.ts',
  'shell/src/**/*.test.ts',
  'mfe-*/src/**/*.test.ts',
  'portal/src/**/*.test.ts',
  'scripts/**/*.test.ts',
]);

const skipped = readFileSync(tapFile, 'utf8')
  .split('\n')
  .filter((line) => /^\s*ok \d+ - .* # SKIP/.test(line))
  .map((line) => line.trim());
if (skipped.length) console.log(`\n[test] ${skipped.length} skipped:\n  ${skipped.join('\n  ')}`);
const forbidden = onServer
  ? skipped.filter((line) => !ALLOWED_SERVER_SKIPS.test(line.split('# SKIP')[1] ?? ''))
  : [];
if (forbidden.length) {
  console.error(`[test] skipped on the PostgreSQL server, where they must run:\n  ${forbidden.join('\n  ')}`);
  process.exit(1);
}

// UI component tests (jest + Testing Library + msw, jsdom): pages and dialogs against a mock
// API. They touch no database, so the PostgreSQL pass (--no-static) leaves them to the first.
if (!process.argv.includes('--no-static')) {
  step('UI component tests (jest)', process.execPath, [
    `${root}/node_modules/jest/bin/jest.js`,
    '--config',
    'jest.config.mjs',
    '--maxWorkers=2',
    '--ci',
  ]);
}

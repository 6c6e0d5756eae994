// `npm test`: type checks, lint, then every unit and service test in one node:test run, then the
// UI component tests (jest).
// Service tests use PGlite in-process, or the PostgreSQL server named by TEST_DATABASE_URL.
import { spawn, spawnSync } from 'node:child_process';
import { globSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
// Each test file's process keeps its services' in-memory databases right after migrating here,
// and the run's other processes start from them (service-kit db/pglite.ts): fresh for each run.
process.env.VENUE_PGLITE_IMAGE_DIR = path.join(runDir, 'pglite-images');
process.on('exit', () => rmSync(process.env.VENUE_PGLITE_IMAGE_DIR, { recursive: true, force: true }));
// Each of the ~260 test files is a process that compiles the same modules (the service, Koa,
// zod, the contracts): node's compile cache keeps V8's code for them on disk, kept between runs
// (it checks each file's content). A service test file's start fell from ~2.2 to ~1.8 s of CPU.
process.env.NODE_COMPILE_CACHE ??= path.join(root, 'node_modules', '.cache', 'node-compile');
const ALLOWED_SERVER_SKIPS = /PGlite|NATS|not built/i;

// A service's test files share one process (node's --test-isolation=none): each file's own process
// spent most of its CPU starting (compiling the service and its libraries, opening its database)
// rather than testing (catalogue's 14 files: 132 s of CPU a process each, 33 s in one). The
// workspaces below were run that way on both engines and pass. The others (admin, bookings, comms,
// money, the gateway) keep a process a file: their files set up stand-ins and environment at
// module level that the next file's would replace. Longest first, so the two lanes end together.
const SHARED_PROCESS = [
  'packages/service-kit',
  'scripts',
  'services/insights',
  'services/catalogue',
  'packages/contracts',
  'packages/ui',
  'shell',
  'portal',
  'mfe-admin',
  'mfe-bookings',
  'mfe-catalogue',
  'mfe-money',
];
const PATTERNS = [
  'packages/*/src/**/*.test.ts',
  'services/*/src/**/*.test.ts',
  'gateway/src/**/*.test.ts',
  'shell/src/**/*.test.ts',
  'mfe-*/src/**/*.test.ts',
  'portal/src/**/*.test.ts',
  'scripts/**/*.test.ts',
];
const files = PATTERNS.flatMap((p) => globSync(p, { cwd: root })).sort();
const workspaceOf = (f) =>
  /^(services|packages)\//.test(f) ? f.split('/').slice(0, 2).join('/') : f.split('/')[0];
const shared = SHARED_PROCESS.map((ws) => files.filter((f) => workspaceOf(f) === ws)).filter((g) => g.length);
const alone = files.filter((f) => !SHARED_PROCESS.includes(workspaceOf(f)));
const testArgs = (tap) => [
  '--test',
  '--test-timeout=120000',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=tap',
  `--test-reporter-destination=${tap}`,
];
const tapFiles = [];
/**
 * One node --test run. The files run alone stream their results; a shared process's are printed
 * as one block when it ends, so the two do not interleave line by line.
 */
function run(label, args, { stream = false } = {}) {
  const tap = path.join(runDir, `results-${tapFiles.length}.tap`);
  tapFiles.push(tap);
  if (stream) console.log(`\n[test] ${label}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...testArgs(tap), ...args], {
      cwd: root,
      env: process.env,
      stdio: ['ignore', stream ? 'inherit' : 'pipe', stream ? 'inherit' : 'pipe'],
    });
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      if (!stream) console.log(`\n[test] ${label}\n${Buffer.concat(out).toString()}`);
      resolve(code === 0);
    });
  });
}
console.log(
  `\n[test] node --test: ${alone.length} files a process each, ${shared.length} workspaces a process each`,
);
// Two cores: the files run alone two at a time, beside one workspace's shared process at a time.
const results = await Promise.all([
  run(`${alone.length} test files, a process each`, ['--test-concurrency=2', ...alone], { stream: true }),
  (async () => {
    const ok = [];
    for (const group of shared)
      ok.push(
        await run(`${workspaceOf(group[0])}: ${group.length} test files in one process`, [
          '--test-isolation=none',
          ...group,
        ]),
      );
    return ok.every(Boolean);
  })(),
]);
if (!results.every(Boolean)) {
  console.error('[test] node --test failed');
  process.exit(1);
}

const skipped = tapFiles
  .flatMap((tap) => readFileSync(tap, 'utf8').split('\n'))
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

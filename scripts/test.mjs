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

/** A command whose output is printed as one block when it ends, so two at once never interleave. */
function buffered(label, cmd, args) {
  const started = Date.now();
  console.log(`[test] ${label}: started`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('error', (err) => out.push(Buffer.from(`[test] ${label}: ${err.message}\n`)));
    child.on('close', (code) => {
      const took = `${Math.round((Date.now() - started) / 1000)} s`;
      console.log(`\n[test] ${label}: ${code === 0 ? 'passed' : 'FAILED'} in ${took}\n${Buffer.concat(out)}`);
      resolve(code === 0);
    });
  });
}

/** Runs the jobs (functions answering a promise of success) two at a time: the machine has two cores. */
async function twoAtATime(jobs) {
  const queue = [...jobs];
  const lane = async () => {
    let ok = true;
    for (let job = queue.shift(); job; job = queue.shift()) ok = (await job()) && ok;
    return ok;
  };
  return (await Promise.all([lane(), lane()])).every(Boolean);
}

const bin = (name) => `${root}/node_modules/.bin/${name}`;
if (!process.argv.includes('--no-static')) {
  // First: a stale schema.generated.ts would make the typecheck's errors about the wrong thing.
  step('database types match the migrations', process.execPath, ['scripts/db-types.mjs', '--check']);
  // Each check uses one core; longest first.
  const checks = [
    ['format', bin('prettier'), ['--check', '--log-level=warn', '.']],
    ['lint', bin('eslint'), ['--max-warnings=0', '.']],
    ['typecheck (node)', bin('tsc'), ['-p', 'tsconfig.node.json']],
    ['typecheck (web)', bin('tsc'), ['-p', 'tsconfig.web.json']],
    ['typecheck (browser tests)', bin('tsc'), ['-p', 'e2e/tests/tsconfig.json']],
  ];
  if (!(await twoAtATime(checks.map((c) => () => buffered(...c))))) {
    console.error('[test] static checks failed');
    process.exit(1);
  }
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

// A workspace's test files share one process (node's --test-isolation=none): each file's own
// process spent most of its CPU starting (compiling the service and its libraries, opening its
// database) rather than testing (catalogue's 14 files: 132 s of CPU a process each, 33 s in one).
// Every workspace listed here passed that way on both engines (decision 70). Longest first, so the
// two lanes end together.
const SHARED_PROCESS = [
  'packages/service-kit',
  'services/comms',
  'scripts',
  'services/admin',
  'services/bookings',
  'services/money',
  'services/catalogue',
  'services/insights',
  'gateway',
  'packages/contracts',
  'packages/ui',
  'packages/mfe-webpack',
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
const workspaceOf = (f) =>
  /^(services|packages)\//.test(f) ? f.split('/').slice(0, 2).join('/') : f.split('/')[0];
// Workspaces whose tests reach no database (schemas, UI logic, the build's plug-ins): the same
// result on either engine, so the PostgreSQL pass (--no-static) leaves them to the first, as it
// does jest's.
const ENGINE_FREE = [
  'packages/contracts',
  'packages/ui',
  'packages/mfe-webpack',
  'shell',
  'portal',
  'mfe-admin',
  'mfe-bookings',
  'mfe-catalogue',
  'mfe-money',
];
const files = PATTERNS.flatMap((p) => globSync(p, { cwd: root }))
  .filter((f) => !(process.argv.includes('--no-static') && ENGINE_FREE.includes(workspaceOf(f))))
  .sort();
const testArgs = (tap) => [
  '--test',
  // A shared process whose tests all passed once stayed up with nothing to do (a handle some
  // file left open, 2026-11-30 16:25, scripts on the PostgreSQL server): end it when they end.
  '--test-force-exit',
  '--test-timeout=120000',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=tap',
  `--test-reporter-destination=${tap}`,
];
const tapFiles = [];
/** One node --test run, its results also kept as TAP for the skip check below. */
function run(label, args) {
  const tap = path.join(runDir, `results-${tapFiles.length}.tap`);
  tapFiles.push(tap);
  return buffered(label, process.execPath, [...testArgs(tap), ...args]);
}
const jobs = SHARED_PROCESS.map((ws) => files.filter((f) => workspaceOf(f) === ws))
  .filter((group) => group.length)
  .map(
    (group) => () =>
      run(`${workspaceOf(group[0])}: ${group.length} test files in one process`, [
        '--test-isolation=none',
        ...group,
      ]),
  );
const alone = files.filter((f) => !SHARED_PROCESS.includes(workspaceOf(f)));
if (alone.length)
  jobs.unshift(() => run(`${alone.length} test files, a process each`, ['--test-concurrency=1', ...alone]));
console.log(`\n[test] node --test: ${jobs.length} runs, two at a time`);
if (!(await twoAtATime(jobs))) {
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
// react-router 8 ships ES modules only, one of them using `import.meta`, which no CommonJS
// transform can take: jest loads it natively (require(esm), Node >= 24.9), which needs VM modules.
// The same flags as `npm run test:ui`.
const JEST_NODE_FLAGS = ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning'];
if (!process.argv.includes('--no-static')) {
  step('UI component tests (jest)', process.execPath, [
    ...JEST_NODE_FLAGS,
    `${root}/node_modules/jest/bin/jest.js`,
    '--config',
    'jest.config.mjs',
    '--maxWorkers=2',
    '--ci',
  ]);
}

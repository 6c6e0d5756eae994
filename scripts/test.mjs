// `npm test`: type checks, lint, then every unit and service test in one node:test run.
// Service tests use PGlite in-process, or the PostgreSQL server named by TEST_DATABASE_URL.
import { spawnSync } from 'node:child_process';
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
  step('typecheck (node)', bin('tsc'), ['-p', 'tsconfig.node.json']);
  step('typecheck (web)', bin('tsc'), ['-p', 'tsconfig.web.json']);
  step('lint', bin('eslint'), ['--max-warnings=0', '.']);
  step('format', bin('prettier'), ['--check', '--log-level=warn', '.']);
}
console.log(
  `\n[test] unit and service tests on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL server' : 'PGlite (embedded)'}`,
);
step('node --test', process.execPath, [
  '--test',
  '--test-concurrency=2',
  '--test-timeout=120000',
  'packages/*/src/**/*.test.ts',
  'services/*/src/**/*.test.ts',
  'gateway/src/**/*.test.ts',
  'shell/src/**/*.test.ts',
  'mfe-*/src/**/*.test.ts',
  'scripts/**/*.test.ts',
]);

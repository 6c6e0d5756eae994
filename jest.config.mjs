// UI component tests (`npm test` runs them after the node tests; alone: `npx jest`). Services and
// packages are tested with node:test; jest exists here only because node's type stripping cannot
// run TSX. Every project finds `*.test.tsx` under its src/ (the node runner takes `*.test.ts`).
import { FRONTENDS } from './scripts/lib/frontends.mjs';

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// msw 3 and the packages it brings that ship ES modules only (its own copy of cookie 1 among
// them), by package folder name. react-router 8 is ESM too but is not transformed: one of its
// files reads `import.meta`, so jest loads it as ESM (`npm run test:ui`, scripts/test.mjs).
const ESM_ONLY = ['msw', '@msw', '@mswjs', 'rettime', 'until-async', '@open-draft', '@inquirer', 'cookie'];

const project = (dir) => ({
  displayName: dir,
  rootDir: import.meta.dirname,
  roots: [`<rootDir>/${dir}/src`],
  testMatch: ['**/*.test.tsx'],
  // jsdom with Node's own fetch, streams and BroadcastChannel (msw needs them), and Node-style
  // package resolution (msw/node has no browser build).
  testEnvironment: 'jest-fixed-jsdom',
  transform: { '^.+\\.(t|j)sx?$|\\.mjs$': swc },
  // msw's ESM-only dependencies go through swc to CommonJS like our own code; the rest of
  // node_modules ships CommonJS and is loaded as is.
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  moduleNameMapper: { '\\.css$': '<rootDir>/packages/ui/src/testing/style-stub.ts' },
  setupFilesAfterEnv: ['<rootDir>/packages/ui/src/testing/jest-setup.ts'],
});

export default {
  // A whole dialog filled in and saved takes seconds in jsdom, more on a busy machine.
  testTimeout: 60_000,
  // The UI package, then every app the build knows of (one list, scripts/lib/frontends.mjs).
  projects: ['packages/ui', ...FRONTENDS].map(project),
};

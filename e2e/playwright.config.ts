import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser (see ARCHITECTURE.md §4).
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// scripts/e2e.mjs starts one product per worker (decision 67) and lists what each one's specs
// read (BASE_URL, E2E_DATABASE_URL…). Playwright loads this file again in every worker, where
// TEST_PARALLEL_INDEX says which slot it fills (a worker started after a failure keeps it), so the
// specs of one worker only ever see their own product.
const products = JSON.parse(process.env.E2E_PRODUCTS ?? '[]') as Record<string, string>[];
const mine = products[Number(process.env.TEST_PARALLEL_INDEX ?? 0)];
if (mine) Object.assign(process.env, mine);

export default defineConfig({
  testDir: './tests',
  // Separate runs (several checkouts' launchers) must not wipe each other's artifacts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: Math.max(products.length, 1),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  projects: [
    { name: 'chromium', testIgnore: /remotes-deploy/ },
    // It publishes remotes into the bundles every product serves (one checkout): it runs last,
    // when no other spec is loading pages.
    { name: 'remote releases', testMatch: /remotes-deploy/, dependencies: ['chromium'] },
  ],
  use: {
    baseURL: process.env.BASE_URL ?? 'http://localhost:8080',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});

// Remotes deploy alone (issue 15 item 1, decision 41): the shell learns each remote's current
// release from /mfe/remotes.json on every page load, so a remote rebuilt and published while the
// product runs is used by the next load with nothing else rebuilt or restarted, and a release
// built for another UI kit says so instead of breaking the page.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { signIn, sideMenu } from './helpers.ts';
import {
  ROOT,
  buildChangedCopy,
  distOf,
  fakeRelease,
  fingerprint,
  releases,
  replaceIn,
} from './remote-release.ts';

test.use({ viewport: { width: 1400, height: 900 } });

interface Listed {
  name: string;
  version: string | null;
  entry: string;
}

async function listed(page: Page, name: string): Promise<Listed | undefined> {
  const res = await page.request.get('/mfe/remotes.json');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const { remotes } = (await res.json()) as { remotes: Listed[] };
  return remotes.find((r) => r.name === name);
}

/** These tests deploy into this checkout's bundles: only meaningful when the product serves them. */
async function servedFromThisCheckout(page: Page, remote: string): Promise<string> {
  const current = releases.readCurrent(distOf(remote));
  const served = await listed(page, remote);
  test.skip(
    !current || served?.version !== current.version,
    'the product under test does not serve this checkout’s bundles (run it with npm run test:e2e)',
  );
  return current!.version;
}

test('a remote rebuilt with a change and published while the product runs is used on the next page load, nothing else touched', async ({
  page,
}) => {
  // One production build of a remote on a shared two-core machine takes one to three minutes.
  test.setTimeout(6 * 60_000);
  await signIn(page, 'owner@demo.local');
  const original = await servedFromThisCheckout(page, 'catalogue');
  const untouched = fingerprint('catalogue');
  const otherReleases = await Promise.all(
    ['admin', 'bookings', 'money', 'comms'].map((r) => listed(page, r)),
  );

  await page.goto('/PricingAddons');
  await expect(page.getByTestId('remote-catalogue')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add-ons', level: 1 })).toBeVisible();
  const note = page.getByTestId('e2e-release-note');
  await expect(note).toHaveCount(0);

  const stamp = `Release note ${Date.now().toString(36)}`;
  let published: string | null = null;
  try {
    // The note on two of the remote's pages (its Root is packages/ui's since issue 28), so that
    // moving to the second below shows whether the open page kept its release.
    const built = await buildChangedCopy('catalogue', (src) => {
      replaceIn(
        path.join(src, 'addons', 'AddonsPage.tsx'),
        '<SectionNav area="pricing" current="/PricingAddons" />',
        `<p data-testid="e2e-release-note">${stamp}</p><SectionNav area="pricing" current="/PricingAddons" />`,
      );
      replaceIn(
        path.join(src, 'resources', 'ResourcesPage.tsx'),
        '<>\n      <PageHeader\n        title="Resources"',
        `<>\n      <p data-testid="e2e-release-note">${stamp}</p>\n      <PageHeader\n        title="Resources"`,
      );
    });
    published = releases.publish(built, distOf('catalogue')).version;
    expect(published).not.toBe(original);
    expect((await listed(page, 'catalogue'))?.version).toBe(published);

    // The page already open keeps the release it started with, moving between its pages too.
    await sideMenu(page).getByRole('link', { name: 'Resources' }).click();
    await expect(page.getByTestId('remote-catalogue')).toBeVisible();
    await expect(note).toHaveCount(0);

    // The next page load runs the new release, fetched from its own version folder.
    const manifests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/mf-manifest.json')) manifests.push(new URL(r.url()).pathname);
    });
    await page.goto('/PricingAddons');
    await expect(note).toHaveText(stamp);
    await expect(page.getByRole('heading', { name: 'Add-ons', level: 1 })).toBeVisible();
    expect(manifests).toContain(`/mfe/catalogue/${published}/mf-manifest.json`);

    // Another area is the same release as before and still works.
    await sideMenu(page).getByRole('link', { name: 'Calendar' }).click();
    await expect(page.getByTestId('remote-bookings')).toBeVisible();
    expect(await Promise.all(['admin', 'bookings', 'money', 'comms'].map((r) => listed(page, r)))).toEqual(
      otherReleases,
    );
    // Not one file of the shell or of another remote was rebuilt or rewritten.
    expect(fingerprint('catalogue')).toEqual(untouched);
  } finally {
    // Back to the release this checkout built, as an operator's rollback would.
    releases.activate(distOf('catalogue'), original);
    if (published && published !== original)
      rmSync(path.join(distOf('catalogue'), published), { recursive: true, force: true });
  }
  await page.goto('/PricingAddons');
  await expect(page.getByTestId('remote-catalogue')).toBeVisible();
  await expect(note).toHaveCount(0);
});

test('a remote built for another UI kit shows “This section is unavailable” with the reason while other areas work', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.local');
  const original = await servedFromThisCheckout(page, 'catalogue');
  const uiKit = (
    JSON.parse(readFileSync(path.join(ROOT, 'packages', 'ui', 'package.json'), 'utf8')) as { version: string }
  ).version;
  const incompatible = `${Number(uiKit.split('.')[0]) + 1}.0.0`;
  const fake = `0.1.0-uikit${incompatible.split('.')[0]}-00000000e2`;
  try {
    fakeRelease('catalogue', fake, { '@venue/ui': `^${incompatible}` });
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/mfe/catalogue/${fake}/`)) fetched.push(r.url());
    });

    await page.goto('/PricingAddons');
    const panel = page.getByTestId('remote-unavailable');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'This section is unavailable' })).toBeVisible();
    await expect(panel.getByTestId('remote-unavailable-reason')).toHaveText(
      `Built for UI kit ${incompatible.split('.')[0]}.x; this VenueDesk runs ${uiKit}.`,
    );
    await expect(panel).toContainText('The rest of VenueDesk still works.');
    // Refused before any of its code ran: not one file of that release was downloaded.
    expect(fetched).toEqual([]);

    // Other areas keep working.
    await sideMenu(page).getByRole('link', { name: 'Calendar' }).click();
    await expect(page.getByTestId('remote-bookings')).toBeVisible();
    await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);

    // Once a fitting release is current again, Retry reads the list again and loads it.
    await page.goto('/PricingAddons');
    await expect(panel).toBeVisible();
    releases.activate(distOf('catalogue'), original);
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('remote-catalogue')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Add-ons', level: 1 })).toBeVisible();
  } finally {
    releases.activate(distOf('catalogue'), original);
    rmSync(path.join(distOf('catalogue'), fake), { recursive: true, force: true });
  }
});

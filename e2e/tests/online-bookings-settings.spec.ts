import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { OWNER, ownerApi, sideMenu, signIn } from './helpers.ts';

/**
 * Settings → Online bookings against the real product (issue 25 item 5), as the demo venue's
 * owner, at a phone's width and a desktop's: a changed minimum notice and a new question are
 * stored and shown again after a reload; the page turned off is closed at /book/<slug> ("does
 * not take online bookings"), and open again when turned back on; the embed snippet names the
 * page's address. The venue's setting is put back as it was afterwards (the booking page specs
 * that follow use the demo venue).
 */

const SLUG = 'harbourside-hall';
const RUN = Date.now().toString(36);

interface Setting {
  enabled: boolean;
  slug: string | null;
  resourceIds: string[];
  minNoticeHours: number;
  windowDays: number;
  mode: string;
  verifyEmail: boolean;
  questions: Array<{ id: string; label: string; kind: string; options?: string[]; required: boolean }>;
  agreement: { version: number; text: string; cancellationTerms: string; updatedAt: string };
}

/** One line per axe violation and element, so a failure says what to fix. */
async function noAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).include('main').analyze();
  expect(
    result.violations.flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`),
    ),
  ).toEqual([]);
}

async function saveAndSeeSaved(page: Page) {
  await page.getByRole('button', { name: 'Save Online Bookings' }).click();
  await expect(page.getByTestId('online-flash')).toHaveText('Online bookings saved.');
  await expect(page.getByText('No unsaved changes.')).toBeVisible();
}

/**
 * What a visitor meets at the page, once the gateway has dropped its cached answer for the slug
 * (on admin's tenant.settings_changed, or within 30 s).
 */
async function expectBookPage(visitor: Page, open: boolean) {
  await expect
    .poll(
      async () => {
        await visitor.goto(`/book/${SLUG}`);
        const closed = visitor.getByText('This venue does not take online bookings.');
        // open: the venue's own name as the page's heading ("Book online" heads the refusal)
        const venue = visitor.getByRole('heading', { level: 1 }).filter({ hasNotText: /^Book online$/ });
        await expect(closed.or(venue).first()).toBeVisible();
        return (await closed.isVisible()) ? 'closed' : 'open';
      },
      { timeout: 45_000, intervals: [500, 1_000, 2_000] },
    )
    .toBe(open ? 'open' : 'closed');
}

for (const width of [1400, 375]) {
  test.describe(`Settings → Online bookings at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the owner changes notice and questions, closes and reopens the page, and copies the snippet', async ({
      page,
      browser,
      request,
      baseURL,
    }) => {
      test.slow();
      const api = await ownerApi(request);
      const before = await api.get<Setting>('/api/settings/online-bookings');
      expect(before).toMatchObject({ enabled: true, slug: SLUG });
      const notice = before.minNoticeHours === 36 ? 30 : 36;
      const question = `Will you need parking? (${RUN} ${width})`;
      const visitor = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        await signIn(page, OWNER);
        if (width === 1400) {
          await sideMenu(page).getByRole('button', { name: 'Settings' }).click();
          await sideMenu(page).getByRole('link', { name: 'Online Bookings' }).click();
          await expect(page).toHaveURL(/\/SettingsOnlineBookings$/);
        } else {
          await page.goto('/SettingsOnlineBookings');
        }
        await expect(page.getByRole('heading', { level: 1, name: 'Online Bookings' })).toBeVisible();
        await expect(page.getByLabel('Page address')).toHaveValue(SLUG);
        await expect(
          page.getByTestId('online-page').getByRole('link', { name: `${baseURL}/book/${SLUG}` }),
        ).toBeVisible();
        await expect(page.getByLabel('Minimum notice (hours)')).toHaveValue(String(before.minNoticeHours));
        await expect(page.getByRole('group', { name: 'Question 1' }).getByLabel('Question text')).toHaveValue(
          before.questions[0]!.label,
        );
        await expect(page.getByTestId('online-agreement-version')).toContainText(
          `Version ${before.agreement.version}, last changed`,
        );
        // the snippet names the page's address, and the preview shows the page itself
        const snippet = page.getByTestId('online-embed-snippet');
        await expect(snippet).toContainText(`<iframe src="${baseURL}/book/${SLUG}?embed=1"`);
        await expect(snippet).toContainText(`<script src="${baseURL}/book/embed.js" async></script>`);
        await page.getByTestId('online-embed').getByText('Script', { exact: true }).click();
        await expect(page.getByRole('radio', { name: 'Script' })).toBeChecked();
        await expect(snippet).toContainText(`<div data-venuedesk-book="${SLUG}"></div>`);
        // axe over the screen as it opens (the preview frames a whole page, with its own main
        // landmark, which the booking page's own spec checks)
        await noAxeViolations(page);
        await page.getByRole('button', { name: 'Show preview' }).click();
        await expect(
          page.frameLocator('iframe[title="Preview of your booking page"]').getByRole('heading', {
            level: 1,
            name: /^Book (?!online$)/,
          }),
        ).toBeVisible({ timeout: 30_000 });

        // minimum notice and a new question, saved and shown again after a reload
        await page.getByLabel('Minimum notice (hours)').fill(String(notice));
        await page.getByRole('button', { name: 'Add a question' }).click();
        const added = page.getByRole('group', { name: `Question ${before.questions.length + 1}` });
        await expect(added.getByLabel('Question text')).toBeFocused();
        await page.keyboard.type(question);
        await added.getByLabel('Answer', { exact: true }).selectOption('yesno');
        await expect(page.getByText('You have unsaved changes.')).toBeVisible();
        await saveAndSeeSaved(page);
        await page.reload();
        await expect(page.getByLabel('Minimum notice (hours)')).toHaveValue(String(notice));
        const reread = page.getByRole('group', { name: `Question ${before.questions.length + 1}` });
        await expect(reread.getByLabel('Question text')).toHaveValue(question);
        await expect(reread.getByLabel('Answer', { exact: true })).toHaveValue('yesno');
        const stored = await api.get<Setting>('/api/settings/online-bookings');
        expect(stored.minNoticeHours).toBe(notice);
        expect(stored.questions.at(-1)).toMatchObject({ label: question, kind: 'yesno', required: false });
        // no text of the agreement changed: still the same version
        expect(stored.agreement.version).toBe(before.agreement.version);

        // turned off: the page is closed to visitors, and the screen says so
        const onOff = page.getByRole('switch', { name: /^Take online bookings/ });
        await onOff.uncheck();
        await expect(onOff).not.toBeChecked();
        await saveAndSeeSaved(page);
        await expect(page.getByTestId('online-preview-off')).toContainText(
          `visitors to ${baseURL}/book/${SLUG} are told your venue does not take online bookings`,
        );
        await expectBookPage(visitor, false);

        // on again: open to visitors
        await onOff.check();
        await expect(onOff).toBeChecked();
        await saveAndSeeSaved(page);
        await expectBookPage(visitor, true);
        await expect(snippet).toContainText(`${baseURL}/book/${SLUG}`);
      } finally {
        await visitor.close();
        // The demo venue as it was (its questions keep their ids; the texts, so the version, unchanged).
        await api.put('/api/settings/online-bookings', {
          enabled: before.enabled,
          slug: before.slug,
          resourceIds: before.resourceIds,
          minNoticeHours: before.minNoticeHours,
          windowDays: before.windowDays,
          mode: before.mode,
          verifyEmail: before.verifyEmail,
          questions: before.questions,
          agreement: { text: before.agreement.text, cancellationTerms: before.agreement.cancellationTerms },
        });
      }
    });
  });
}

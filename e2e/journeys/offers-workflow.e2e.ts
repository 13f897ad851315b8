/**
 * The offer's life: a Kenyan focal point drafts (horizontal commitments, two sectors, an MFN row), saves, reloads and
 * finds it intact; the chief negotiator submits; the secretariat sends it back with a comment; the country revises and
 * resubmits; the version list shows both versions. Starts from the seeded data (Kenya without an offer); when
 * another journey already made Kenya's offer, the focal point revises that one (a version awaiting review is
 * validated first, so the chief negotiator may submit again).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { awaitsReview, type OfferListItem } from '@portal/shared';
import { launchBrowser, newVisitor, signIn } from '../support/portal';
import {
  addSectorWithService,
  api,
  apiToken,
  expectToast,
  openOrCreateOwnOffer,
  openOwnOffer,
  screenshotOnFailure,
  setLevel,
  tableRows,
  typeInCell,
} from './offers-support';

const OPENING = 'Kenya binds its services regime progressively.';
const LIMITATION = 'Foreign law firms must partner with a Kenyan firm.';
const COMMENT = 'Please bind mode 3 for legal services.';

/** Kenya's offer in the secretariat's queue. */
async function kenyaInReviewQueue(): Promise<OfferListItem | undefined> {
  const queue = await api<OfferListItem[]>(await apiToken('secretariat@portal.test'), 'GET', '/offers/validate');
  return queue.find((o) => o.countryCode === 'KE');
}

describe('conditional initial offer: draft, submit, send back, resubmit', () => {
  let browser: Browser;
  let focal: BrowserContext;
  let chief: BrowserContext;
  let focalPage: Page;
  let chiefPage: Page;
  /** Submitted versions before this journey (0 with the seeded data). */
  let before = 0;

  beforeAll(async () => {
    const existing = await kenyaInReviewQueue();
    if (existing && awaitsReview(existing.status))
      await api(await apiToken('secretariat@portal.test'), 'POST', `/offers/${existing.id}/validate`);
    before = existing?.versions ?? 0;
    browser = await launchBrowser();
    focal = await newVisitor(browser);
    chief = await newVisitor(browser);
    focalPage = await focal.newPage();
    chiefPage = await chief.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    // Leave Kenya's offer decided (validated), so a later journey may submit it again.
    const offer = await kenyaInReviewQueue();
    if (offer && awaitsReview(offer.status))
      await api(await apiToken('secretariat@portal.test'), 'POST', `/offers/${offer.id}/validate`);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await screenshotOnFailure(`offers-workflow-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`, [
        focalPage,
        chiefPage,
      ]);
  });

  it('the focal point drafts an offer, saves it, reloads and finds it intact', async () => {
    const page = focalPage;
    await signIn(page, 'focal.ke@portal.test');
    if ((await openOrCreateOwnOffer(page)) === 'created') {
      await expect
        .poll(() => page.getByLabel('Title of the offer').inputValue())
        .toBe('Kenya Conditional Initial Offer');
    }

    await page.getByRole('textbox', { name: 'Opening statement' }).click();
    await page.keyboard.type(OPENING);
    const row = (await tableRows(page)) + 1;
    await page.getByRole('button', { name: 'Add a row' }).click();
    await typeInCell(page, `Row ${row}, Sector or subsector`, 'All sectors');
    await typeInCell(page, `Row ${row}, Limitations on market access`, 'Land may be leased, not owned.');

    // Step 0 refuses to go on without a sector.
    await page.getByRole('button', { name: 'Add a sector' }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const required = page.getByRole('alert').filter({ hasText: 'Select your sector' });
    await required.waitFor();
    // Said where the user looks: on screen, and the focus moved to it.
    const box = (await required.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Select your sector');
    await page.getByRole('button', { name: 'Remove this sector' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Remove' }).click();

    await addSectorWithService(page, 'Legal', /1\.A\.a\s+Legal Services/);
    await setLevel(page, '1) Cross-border supply', 0, /^None$/);
    await setLevel(page, '3) Commercial presence', 1, 'Other (write the limitation)');
    await page.getByRole('textbox', { name: '3) Commercial presence: limitation' }).fill(LIMITATION);

    await addSectorWithService(page, 'Courier', /2\.B\s+Courier services/);
    await setLevel(page, '2) Consumption abroad', 0, /^Unbound$/);

    await page.getByRole('button', { name: 'MFN exemptions' }).click();
    const mfnRow = (await tableRows(page)) + 1;
    await page.getByRole('button', { name: 'Add a row' }).click();
    await typeInCell(page, `Row ${mfnRow}, Sector or subsector`, 'Road transport');
    await typeInCell(page, `Row ${mfnRow}, Countries to which the measure applies`, 'EAC partner states');
    // A focal point drafts: there is no submit button for them.
    expect(await page.getByRole('button', { name: 'Sent to AU' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Save and exit' }).click();
    await expectToast(page, 'The offer has been saved.');
    await page.waitForURL(/\/offers$/);
    await page.getByRole('cell', { name: 'Kenya Conditional Initial Offer' }).first().waitFor();

    await page.reload();
    await openOwnOffer(page);
    await page.getByRole('textbox', { name: 'Opening statement' }).getByText(OPENING).waitFor();
    await page
      .getByRole('cell', { name: /Land may be leased, not owned\./ })
      .first()
      .waitFor();
    const tabs = page.getByRole('navigation', { name: 'Parts of the offer' });
    await tabs.getByRole('button', { name: '1.A.a Legal Services' }).click();
    await expect
      .poll(() => page.getByRole('group', { name: 'Limitations on market access: 1) Cross-border supply' }).innerText())
      .toContain('None');
    expect(await page.getByRole('textbox', { name: '3) Commercial presence: limitation' }).inputValue()).toBe(
      LIMITATION,
    );
    await tabs.getByRole('button', { name: '2.B Courier services' }).click();
    await expect
      .poll(() => page.getByRole('group', { name: 'Limitations on market access: 2) Consumption abroad' }).innerText())
      .toMatch(/\bUnbound\b(?!\*)/);
    await tabs.getByRole('button', { name: 'MFN exemptions' }).click();
    await page
      .getByRole('cell', { name: /Road transport/ })
      .first()
      .waitFor();
    await page
      .getByRole('cell', { name: /EAC partner states/ })
      .first()
      .waitFor();

    // The eye button's preview, translated (spec section 1): sector titles from the classification's own titles,
    // Arabic right-to-left; the offer itself is not changed.
    await page.getByRole('button', { name: 'Preview the offer' }).click();
    const preview = page.getByRole('dialog', { name: 'Offer preview' });
    await preview.getByText('Français', { exact: true }).click();
    await preview.getByText('1.A.a Services juridiques').waitFor();
    await preview.getByText('العربية', { exact: true }).click();
    await preview.locator('[dir="rtl"]').getByText('1.A.a الخدمات القانونية').waitFor();
    await preview.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/offers$/);
  });

  it('the chief negotiator submits it to the secretariat from the last tab', async () => {
    const page = chiefPage;
    await signIn(page, 'chief.ke@portal.test');
    await openOwnOffer(page);
    const label = before === 0 ? 'Sent to AU' : 'Update offer';
    expect(await page.getByRole('button', { name: label }).count()).toBe(0);
    await page
      .getByRole('navigation', { name: 'Parts of the offer' })
      .getByRole('button', { name: 'MFN exemptions' })
      .click();
    await page.getByRole('button', { name: label }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: label }).click();
    await expectToast(page, 'Thank you, Your Offer has been submitted successfully');
    await page.waitForURL(/\/offers$/);
    // The workspace list shows the real status (only the editor shows a latest INITIAL_OFFER as IN_PROGRESS).
    await page
      .getByRole('cell', { name: before === 0 ? 'Initial offer' : 'Revised offer' })
      .first()
      .waitFor();
  });

  it('the secretariat sends it back with a comment', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await signIn(page, 'secretariat@portal.test');
    await page.goto('/offers-validate');
    const row = page
      .getByRole('row')
      .filter({ hasText: 'Kenya' })
      .filter({ has: page.getByRole('button', { name: 'Send back' }) });
    await row.getByRole('button', { name: 'Send back' }).click();
    const dialog = page.getByRole('dialog', { name: /Send the offer back to Kenya/ });
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Write a comment' }).waitFor();
    await dialog.getByLabel('Comment for the country (required)').fill(COMMENT);
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await expectToast(page, 'The offer has been sent back to Kenya.');
    await row.getByRole('cell', { name: 'Returned' }).waitFor();
    await context.close();
  });

  it('the country revises and resubmits; the version list shows both versions', async () => {
    await openOwnOffer(focalPage);
    // The secretariat's comment is at the top of the editor of the returned offer.
    const notice = focalPage.locator('.returned-notice');
    await notice.getByText('The secretariat sent this offer back').waitFor();
    await notice.locator('blockquote[dir="auto"]', { hasText: COMMENT }).waitFor();
    await focalPage
      .getByRole('navigation', { name: 'Parts of the offer' })
      .getByRole('button', { name: '1.A.a Legal Services' })
      .click();
    await setLevel(focalPage, '3) Commercial presence', 0, /^None$/);
    await focalPage.getByRole('button', { name: 'Save and exit' }).click();
    await expectToast(focalPage, 'The offer has been saved.');

    const page = chiefPage;
    await openOwnOffer(page);
    await page
      .getByRole('navigation', { name: 'Parts of the offer' })
      .getByRole('button', { name: 'MFN exemptions' })
      .click();
    await page.getByRole('button', { name: 'Update offer' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Update offer' }).click();
    await expectToast(page, 'Thank you, Your Offer has been submitted successfully');
    await page.waitForURL(/\/offers$/);

    await page
      .getByRole('row')
      .filter({ hasText: 'Kenya Conditional Initial Offer' })
      .getByRole('button', { name: /expand/i })
      .click();
    const versions = page.getByRole('table', { name: 'Versions' });
    const returned = versions.getByRole('row').filter({ hasText: `Version ${before + 1}` });
    const revised = versions.getByRole('row').filter({ hasText: `Version ${before + 2}` });
    await returned.getByRole('cell', { name: 'Returned' }).waitFor();
    await returned.getByRole('cell', { name: COMMENT }).waitFor();
    await revised.getByRole('cell', { name: 'Revised offer' }).waitFor();
  });
});

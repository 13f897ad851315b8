/**
 * The offer's life: a Kenyan focal point drafts (horizontal commitments, two sectors, an MFN row), saves, reloads and
 * finds it intact; the chief negotiator submits; the secretariat sends it back with a comment; the country revises and
 * resubmits; the version list shows both versions. Needs Kenya without an offer (the seeded data).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newVisitor, signIn } from '../support/portal';
import { addSectorWithService, expectToast, openOwnOffer, screenshotOnFailure, setLevel, typeInCell } from './offers-support';

const OPENING = 'Kenya binds its services regime progressively.';
const LIMITATION = 'Foreign law firms must partner with a Kenyan firm.';
const COMMENT = 'Please bind mode 3 for legal services.';

describe('conditional initial offer: draft, submit, send back, resubmit', () => {
  let browser: Browser;
  let focal: BrowserContext;
  let chief: BrowserContext;
  let focalPage: Page;
  let chiefPage: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    focal = await newVisitor(browser);
    chief = await newVisitor(browser);
    focalPage = await focal.newPage();
    chiefPage = await chief.newPage();
  });
  afterAll(() => browser?.close());
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await screenshotOnFailure(`offers-workflow-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`, [focalPage, chiefPage]);
  });

  it('the focal point drafts an offer, saves it, reloads and finds it intact', async () => {
    const page = focalPage;
    await signIn(page, 'focal.ke@portal.test');
    await page.goto('/offers');
    await page.getByRole('link', { name: 'New offer' }).click();
    await page.waitForURL(/\/add-offer$/);
    await expect.poll(() => page.getByLabel('Title of the offer').inputValue()).toBe('Kenya Conditional Initial Offer');

    await page.getByRole('textbox', { name: 'Opening statement' }).click();
    await page.keyboard.type(OPENING);
    await page.getByRole('button', { name: 'Add a row' }).click();
    await typeInCell(page, 'Row 1, Sector or subsector', 'All sectors');
    await typeInCell(page, 'Row 1, Limitations on market access', 'Land may be leased, not owned.');

    // Step 0 refuses to go on without a sector.
    await page.getByRole('button', { name: 'Add a sector' }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Select your sector' }).waitFor();
    await page.getByRole('button', { name: 'Remove this sector' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Remove' }).click();

    await addSectorWithService(page, 'Legal', /1\.A\.a\s+Legal Services/);
    await setLevel(page, '1) Cross-border supply', 0, /^None$/);
    await setLevel(page, '3) Commercial presence', 1, 'Other (write the limitation)');
    await page.getByRole('textbox', { name: '3) Commercial presence: limitation' }).fill(LIMITATION);

    await addSectorWithService(page, 'Courier', /2\.B\s+Courier services/);
    await setLevel(page, '2) Consumption abroad', 0, /^Unbound$/);

    await page.getByRole('button', { name: 'MFN exemptions' }).click();
    await page.getByRole('button', { name: 'Add a row' }).click();
    await typeInCell(page, 'Row 1, Sector or subsector', 'Road transport');
    await typeInCell(page, 'Row 1, Countries to which the measure applies', 'EAC partner states');
    // A focal point drafts: there is no submit button for them.
    expect(await page.getByRole('button', { name: 'Sent to AU' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Save and exit' }).click();
    await expectToast(page, 'The offer has been saved.');
    await page.waitForURL(/\/offers$/);
    await page.getByRole('cell', { name: 'Kenya Conditional Initial Offer' }).waitFor();

    await page.reload();
    await openOwnOffer(page);
    await page.getByRole('textbox', { name: 'Opening statement' }).getByText(OPENING).waitFor();
    await page.getByRole('cell', { name: /Land may be leased, not owned\./ }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Parts of the offer' });
    await tabs.getByRole('button', { name: '1.A.a Legal Services' }).click();
    await expect.poll(() => page.getByRole('group', { name: 'Limitations on market access: 1) Cross-border supply' }).innerText()).toContain('None');
    expect(await page.getByRole('textbox', { name: '3) Commercial presence: limitation' }).inputValue()).toBe(LIMITATION);
    await tabs.getByRole('button', { name: '2.B Courier services' }).click();
    await expect.poll(() => page.getByRole('group', { name: 'Limitations on market access: 2) Consumption abroad' }).innerText()).toMatch(/\bUnbound\b(?!\*)/);
    await tabs.getByRole('button', { name: 'MFN exemptions' }).click();
    await page.getByRole('cell', { name: /Road transport/ }).waitFor();
    await page.getByRole('cell', { name: /EAC partner states/ }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/offers$/);
  });

  it('the chief negotiator submits it to the secretariat from the last tab', async () => {
    const page = chiefPage;
    await signIn(page, 'chief.ke@portal.test');
    await openOwnOffer(page);
    expect(await page.getByRole('button', { name: 'Sent to AU' }).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Parts of the offer' }).getByRole('button', { name: 'MFN exemptions' }).click();
    await page.getByRole('button', { name: 'Sent to AU' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Sent to AU' }).click();
    await expectToast(page, 'Thank you, Your Offer has been submitted successfully');
    await page.waitForURL(/\/offers$/);
    await page.getByRole('cell', { name: 'Initial offer' }).first().waitFor();
  });

  it('the secretariat sends it back with a comment', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await signIn(page, 'secretariat@portal.test');
    await page.goto('/offers-validate');
    const row = page.getByRole('row').filter({ hasText: 'Kenya Conditional Initial Offer' });
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
    await focalPage.getByRole('navigation', { name: 'Parts of the offer' }).getByRole('button', { name: '1.A.a Legal Services' }).click();
    await setLevel(focalPage, '3) Commercial presence', 0, /^None$/);
    await focalPage.getByRole('button', { name: 'Save and exit' }).click();
    await expectToast(focalPage, 'The offer has been saved.');

    const page = chiefPage;
    await openOwnOffer(page);
    await page.getByRole('navigation', { name: 'Parts of the offer' }).getByRole('button', { name: 'MFN exemptions' }).click();
    await page.getByRole('button', { name: 'Update offer' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Update offer' }).click();
    await expectToast(page, 'Thank you, Your Offer has been submitted successfully');
    await page.waitForURL(/\/offers$/);

    await page.getByRole('row').filter({ hasText: 'Kenya Conditional Initial Offer' }).getByRole('button', { name: /expand/i }).click();
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.getByRole('cell', { name: 'Version 2' }).waitFor();
    await versions.getByRole('cell', { name: 'Version 1' }).waitFor();
    await versions.getByRole('cell', { name: 'Returned' }).waitFor();
    await versions.getByRole('cell', { name: 'Revised offer' }).waitFor();
    await versions.getByRole('cell', { name: COMMENT }).waitFor();
  });
});

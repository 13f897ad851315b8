import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chooseLanguage, launchBrowser, newVisitor, signIn } from '../support/portal';
import { expectLeftToRight } from '../support/reading-order';
import { expectAccessible } from '../support/axe';

/** The GATS look-up: the /gats page, the View GATS modal with its filter, its tree and its table (demo set loaded at start). */
describe('GATS commitments', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('opens View GATS from the GATS page, filters, sees rows, and sees No records for an empty result', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await signIn(page, 'focal.ke@portal.test');
    await page.goto('/gats');
    await page.getByRole('heading', { level: 1, name: 'GATS commitments' }).waitFor();
    await page.getByRole('link', { name: 'Illustrative Member A' }).waitFor();

    await page.getByRole('button', { name: 'View GATS' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('combobox', { name: 'Services' }).fill('1.A.a');
    await modal.getByRole('combobox', { name: 'Services' }).press('Enter');
    await modal.getByRole('button', { name: 'Filter' }).click();
    const rows = modal.locator('.gats-table tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().innerText()).toContain('Illustrative Member A');
    await modal.getByRole('treeitem', { name: /Illustrative Member B \(1\)/ }).waitFor();

    // A sector nobody committed in: an empty result, shown as the spec's 'No records'.
    await modal.locator('.ant-select-selection-item-remove').first().click();
    await modal.getByRole('combobox', { name: 'Services' }).fill('12');
    await modal.getByRole('combobox', { name: 'Services' }).press('Enter');
    await modal.getByRole('button', { name: 'Filter' }).click();
    await modal.locator('.gats-table').getByText('No records').waitFor();
    await expect.poll(() => rows.count()).toBe(0);
    await context.close();
  });

  it("shows a member's page, also right to left in Arabic", async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await signIn(page, 'focal.ke@portal.test');
    await page.goto('/gats');
    await page.getByRole('link', { name: 'Illustrative Member C' }).click();
    await page.waitForURL('**/gats/illustrative-member-c');
    await page.getByRole('heading', { level: 1, name: 'GATS commitments: Illustrative Member C' }).waitFor();
    await expect.poll(() => page.locator('.gats-table tbody tr.ant-table-row').count()).toBe(9);
    await expectAccessible(page, '/gats/:id');

    await chooseLanguage(page, 'العربية');
    await page.getByRole('heading', { level: 1, name: /التزامات الاتفاق العام للتجارة في الخدمات/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('columnheader', { name: 'القيود على النفاذ إلى الأسواق' }).waitFor();
    // A W/120 code reads "1.A.a" on screen in Arabic, not "A.a.1": its characters drawn left to right.
    const code = page
      .locator('.gats-table tbody tr.ant-table-row td bdi')
      .filter({ hasText: /^\d+\.[A-Z](\.[a-z])?$/ });
    const first = (await code.first().innerText()).trim();
    await expectLeftToRight(code.first(), first);
    await context.close();
  });

  it('the secretariat imports a spreadsheet, and importing it again adds nothing', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await signIn(page, 'secretariat@portal.test');
    await page.goto('/gats');
    await page.getByRole('button', { name: 'Import a spreadsheet' }).waitFor();
    const csv = Buffer.from(
      'Member,SectorCode,SectorName,SectorText,MA1,MA2,MA3,MA4,NT1,NT2,NT3,NT4,Source\n' +
        'Illustrative Member E,9.B,,Travel agencies (CPC 7471),None,None,None,Unbound,None,None,None,Unbound,ILLUSTRATIVE\n',
    );
    const file = { name: 'member-e.csv', mimeType: 'text/csv', buffer: csv };
    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByText('1 commitment(s) added, 0 already present.').waitFor();
    await page.getByRole('link', { name: 'Illustrative Member E' }).waitFor();
    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByText('0 commitment(s) added, 1 already present.').waitFor();
    await context.close();
  });
});

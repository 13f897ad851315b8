/**
 * Nothing is lost, nothing is overwritten: a second browser of the same negotiator opening an offer being edited is
 * told it is open in their other session; killing the page mid-edit and reopening the offer offers to restore the unsaved work. Then one run in
 * Arabic, right to left. Uses Senegal's chief negotiator (creating Senegal's offer, or editing it if a journey made it).
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chooseLanguage, launchBrowser, newVisitor, signIn } from '../support/portal';
import {
  expectToast,
  openOrCreateOwnOffer,
  openOwnOffer,
  screenshotOnFailure,
  tableRows,
  typeInCell,
} from './offers-support';

const screenshots = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));

describe('offer editing: lease, local draft, Arabic', () => {
  let browser: Browser;
  let first: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(screenshots, { recursive: true });
    first = await newVisitor(browser);
    page = await first.newPage();
  });
  afterAll(() => browser?.close());
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await screenshotOnFailure(`offers-safety-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`, [page]);
  });

  it('a second browser of the same negotiator is told the offer is open in their other session', async () => {
    await signIn(page, 'chief.sn@portal.test');
    await openOrCreateOwnOffer(page);
    await page.getByRole('textbox', { name: 'Opening statement' }).click();
    await page.keyboard.type('Le Sénégal consolide son régime.');
    await page.getByRole('button', { name: 'Save and exit' }).click();
    await expectToast(page, 'The offer has been saved.');
    await openOwnOffer(page);

    const second = await newVisitor(browser);
    const other = await second.newPage();
    await signIn(other, 'chief.sn@portal.test');
    await other.goto('/offers');
    await other.getByRole('link', { name: 'Edit' }).first().click();
    // Oneself elsewhere is not "another user": the notice says so and offers to take over (another person still gets
    // NOT_OPEN and the list, tested on the API); nothing is taken from the first browser until asked.
    await other.getByText('This offer is open in your other session').waitFor();
    await other.getByRole('button', { name: 'Take over here' }).waitFor();
    expect(await other.getByLabel('Title of the offer').count()).toBe(0);
    await second.close();
  });

  it('killing the page mid-edit and reopening the offer offers to restore the unsaved work', async () => {
    const row = (await tableRows(page)) + 1;
    await page.getByRole('button', { name: 'Add a row' }).click();
    await typeInCell(page, `Row ${row}, Sector or subsector`, 'Tous les secteurs');
    await page.getByRole('status').or(page.getByText('Unsaved changes (kept in this browser)')).first().waitFor();
    await page.waitForTimeout(1200); // the local draft is written 600 ms after the last change
    // Kill the renderer, as a crash would: no unload handlers run, only what was already stored survives.
    const crashed = page.waitForEvent('crash', { timeout: 10_000 });
    const cdp = await first.newCDPSession(page);
    void cdp.send('Page.crash').catch(() => undefined);
    await crashed;

    page = await first.newPage();
    await openOwnOffer(page);
    const banner = page.getByRole('alert').filter({ hasText: 'Unsaved changes from' });
    await banner.waitFor();
    expect(await page.getByRole('cell', { name: /Tous les secteurs/ }).count()).toBe(0);
    await banner.getByRole('button', { name: 'Restore' }).click();
    await page
      .getByRole('cell', { name: /Tous les secteurs/ })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Save and exit' }).click();
    await expectToast(page, 'The offer has been saved.');

    await openOwnOffer(page);
    await page
      .getByRole('cell', { name: /Tous les secteurs/ })
      .first()
      .waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Unsaved changes from' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/offers$/);
  });

  it('in Arabic the editor is right to left, tabs on the right, and saves', async () => {
    await chooseLanguage(page, 'العربية');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('link', { name: 'تعديل' }).first().click();
    const tabs = page.getByRole('navigation', { name: 'أجزاء العرض' });
    await tabs.waitFor();
    const panel = await page.getByRole('region', { name: 'محتوى العرض' }).boundingBox();
    const tabsBox = await tabs.boundingBox();
    expect(tabsBox!.x).toBeGreaterThan(panel!.x);

    await tabs.getByRole('button', { name: 'إضافة قطاع' }).click();
    await page.getByRole('button', { name: 'التالي', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'اختر قطاعك' }).waitFor();
    await page.screenshot({ path: `${screenshots}offer-editor-sector-ar.png`, fullPage: true });
    await page.getByRole('button', { name: 'حذف هذا القطاع' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'حذف' }).click();

    await tabs.getByRole('button', { name: 'الإعفاءات من الدولة الأولى بالرعاية' }).click();
    const row = (await tableRows(page)) + 1;
    await page.getByRole('button', { name: 'إضافة صف' }).click();
    await page.getByRole('button', { name: `تحرير الخلية: الصف ${row}، القطاع أو القطاع الفرعي` }).click();
    await page.getByRole('textbox', { name: `الصف ${row}، القطاع أو القطاع الفرعي`, exact: true }).click();
    await page.keyboard.type('النقل البحري');
    await page.screenshot({ path: `${screenshots}offer-editor-ar.png`, fullPage: true });
    await page.getByRole('button', { name: 'حفظ وخروج' }).click();
    await expectToast(page, 'تم حفظ العرض.');
    await page.waitForURL(/\/offers$/);
  });
});

/**
 * Choosing sectors: the Senegalese chief negotiator chooses 1.A.a Legal (CPC 861) and 1.A.b Accounting
 * (CPC 862) in one sector, ticks both codes and saves. Reopened, the offer holds two sectors, told apart by the code in
 * their tabs, each with its own service only; in French the tabs read the French titles. The two sectors are removed
 * again at the end, so that Senegal's offer is as other journeys expect it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { OfferListItem, Sector } from '@portal/shared';
import { chooseLanguage, clickSettled, launchBrowser, newVisitor, signIn } from '../support/portal';
import { api, apiToken, expectToast, openOrCreateOwnOffer, openOwnOffer, screenshotOnFailure } from './offers-support';

const LEGAL_TAB = '1.A.a Legal Services · CPC Prov. 861';
const ACCOUNTING_TAB = '1.A.b Accounting, auditing and bookeeping services · CPC Prov. 862';

/** Senegal's offer's sectors as the API answers them to its chief negotiator (none while it has no offer). */
async function senegalSectors(): Promise<Sector[]> {
  const token = await apiToken('chief.sn@portal.test');
  const list = await api<OfferListItem[]>(token, 'GET', '/offers');
  const own = list.find((o) => o.countryCode === 'SN');
  if (!own) return [];
  return (await api<{ sectors: Sector[] }>(token, 'GET', `/offers/${own.id}`)).sectors;
}

/** The sectors this journey added: those of its codes that were not there before it. */
let before = new Set<string>();
const added = (sectors: Sector[]) =>
  sectors.filter((s) => !before.has(s.sectorId) && s.provisional_codes.some((c) => c === '861' || c === '862'));

describe('a sector chosen with Legal (861) and Accounting (862) is saved as two sectors', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    before = new Set((await senegalSectors()).map((s) => s.sectorId));
    browser = await launchBrowser();
    context = await newVisitor(browser);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await screenshotOnFailure(`sectors-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`, [page]);
  });

  it('chooses both services and both codes in one sector and saves', async () => {
    await signIn(page, 'chief.sn@portal.test');
    await openOrCreateOwnOffer(page);
    await page.getByRole('button', { name: 'Add a sector' }).click();
    const box = page
      .getByRole('searchbox', { name: 'Search by code or words' })
      .or(page.getByLabel('Search by code or words', { exact: true }));
    await box.first().fill('1.A');
    await box.first().press('Enter');
    for (const title of [/1\.A\.a\s+Legal Services/, /1\.A\.b\s+Accounting/])
      await page.locator('.ant-tree-treenode').filter({ hasText: title }).locator('.ant-tree-checkbox').click();
    await page.getByRole('combobox', { name: 'Provisional CPC codes' }).click();
    for (const code of ['861', '862'])
      await clickSettled(
        page
          .locator('.ant-select-dropdown:visible .ant-select-item-option')
          .filter({ hasText: new RegExp(`^${code}$`) }),
      );
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Save and exit' }).click();
    await expectToast(page, 'The offer has been saved.');
    await page.waitForURL(/\/offers$/);
  });

  it('reopened, shows two tabs told apart by their codes, each sector with its own service only', async () => {
    await openOwnOffer(page);
    const tabs = page.getByRole('navigation', { name: 'Parts of the offer' });
    await tabs.getByRole('button', { name: LEGAL_TAB, exact: true }).click();
    await page
      .locator('.editor-panel-title')
      .filter({ hasText: /^1\.A\.a Legal Services$/ })
      .waitFor();
    await tabs.getByRole('button', { name: ACCOUNTING_TAB, exact: true }).click();
    await page
      .locator('.editor-panel-title')
      .filter({ hasText: /^1\.A\.b Accounting, auditing/ })
      .waitFor();
    // Both sit in the Business services group, one after the other.
    const group = tabs.locator('.editor-tab-group').filter({ hasText: 'Business services' });
    expect(await group.getByRole('button', { name: /CPC Prov\. 86[12]$/ }).count()).toBe(2);

    const sectors = added(await senegalSectors());
    expect(
      sectors.map((s) => ({ services: s.services.map((x) => x.value), codes: s.codes, cpc: s.provisional_codes })),
    ).toEqual([
      { services: ['1.A.a'], codes: ['1.A.a'], cpc: ['861'] },
      { services: ['1.A.b'], codes: ['1.A.b'], cpc: ['862'] },
    ]);
  });

  it('in French, the tabs and the heading read the French titles', async () => {
    await chooseLanguage(page, 'Français');
    const tabs = page.getByRole('navigation', { name: "Parties de l'offre" });
    await tabs.getByRole('button', { name: '1.A.a Services juridiques · CPC Prov. 861', exact: true }).click();
    await page
      .locator('.editor-panel-title')
      .filter({ hasText: /^1\.A\.a Services juridiques$/ })
      .waitFor();
    await tabs
      .getByRole('button', {
        name: "1.A.b Services comptables, d'audit et de tenue de livres · CPC Prov. 862",
        exact: true,
      })
      .waitFor();
    await tabs.locator('.editor-tab-group-title').filter({ hasText: 'Services fournis aux entreprises' }).waitFor();
    await chooseLanguage(page, 'English');
  });

  it('removes the two sectors again and saves', async () => {
    const tabs = page.getByRole('navigation', { name: 'Parts of the offer' });
    for (const name of [LEGAL_TAB, ACCOUNTING_TAB]) {
      await tabs.getByRole('button', { name, exact: true }).click();
      await page.getByRole('button', { name: 'Remove this sector' }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Remove' }).click();
      await tabs.getByRole('button', { name, exact: true }).waitFor({ state: 'detached' });
    }
    await page.getByRole('button', { name: 'Save and exit' }).click();
    await expectToast(page, 'The offer has been saved.');
    expect(added(await senegalSectors())).toEqual([]);
  });
});

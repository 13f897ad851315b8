/**
 * Compare offers: one country schedules Legal + Accounting as ONE sector in the W/120 list, the
 * other schedules Accounting chosen in the provisional CPC list (862). The secretariat compares them: in the
 * Accounting tab both commitments are shown side by side and there is no "No commitment"; in the Legal tab only the
 * country that commits there is shown, the other honestly has none. Offers are prepared through the API.
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { blankOfferDocument, blankSector, type OfferDocument, type Sector } from '@portal/shared';
import { clickSettled, launchBrowser, newVisitor, signIn } from '../support/portal';
import { api, apiToken } from '../support/api';
import { screenshotOnFailure } from './offers-support';

const screenshots = new URL('../../test-results/e2e/', import.meta.url).pathname;
const LEGAL_AND_ACCOUNTING = 'Legal and accounting firms must be partnerships of licensed professionals.';
const ACCOUNTING_BY_CPC = 'Accounting firms must be locally incorporated.';

function schedule(name: string, sector: Sector, text: string): OfferDocument {
  sector.sectorCommitement.limitationsMA.commercialPresence.value = text;
  return { ...blankOfferDocument(), name, sectors: [sector] };
}

/** One sector holding two W/120 services: Legal (1.A.a) and Accounting (1.A.b). */
function legalAndAccounting(): Sector {
  return {
    ...blankSector(`e2e-compare-w120-${Date.now()}`),
    type: 'W_120',
    services: [
      { title: 'Legal Services', value: '1.A.a', key: 'W120:1.A.a' },
      { title: 'Accounting, auditing and bookeeping services', value: '1.A.b', key: 'W120:1.A.b' },
    ],
    codes: ['1.A.a', '1.A.b'],
  };
}

/** Accounting chosen in the provisional CPC list (862), not in W/120. */
function accountingByCpc(): Sector {
  return {
    ...blankSector(`e2e-compare-cpc-${Date.now()}`),
    type: 'CPC_PROV',
    services: [{ title: 'Accounting, auditing and book-keeping services', value: '862', key: 'CPC_PROV:862' }],
    provisional_codes: ['862'],
  };
}

describe('compare offers', () => {
  let browser: Browser;
  let countries: { id: number; code: string; name: string }[];

  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(screenshots, { recursive: true });
    const secretariat = await apiToken('secretariat@portal.test');
    // Two countries no other journey uses, so the one offer each country may have is not taken from them.
    const free = await api<{ id: number; code: string; name: string }[]>(
      secretariat,
      'GET',
      '/offers/countiresNoOffer',
    );
    countries = ['CM', 'CI', 'ET', 'TN', 'MA', 'UG', 'TZ', 'ZW', 'DZ', 'MG']
      .map((code) => free.find((c) => c.code === code))
      .filter((c) => c !== undefined)
      .slice(0, 2);
    expect(countries).toHaveLength(2);
    const [first, second] = countries;
    await api(secretariat, 'POST', '/offers', {
      ...schedule('Multi-service offer', legalAndAccounting(), LEGAL_AND_ACCOUNTING),
      submittedToAU: true,
      countryIdCreator: first.id,
    });
    await api(secretariat, 'POST', '/offers', {
      ...schedule('CPC offer', accountingByCpc(), ACCOUNTING_BY_CPC),
      submittedToAU: true,
      countryIdCreator: second.id,
    });
  });
  afterAll(() => browser?.close());

  it('shows both commitments in the shared W/120 sector, "No commitment" only where there is none', async () => {
    const context = await newVisitor(browser);
    const page: Page = await context.newPage();
    const [first, second] = countries;
    try {
      await signIn(page, 'secretariat@portal.test');
      await page.goto('/compare-offers');
      await page.getByRole('heading', { level: 1, name: 'Compare offers' }).waitFor();
      const picker = page.getByRole('combobox', { name: 'Countries to compare' });
      for (const country of countries) {
        await picker.click();
        await page.keyboard.type(country.name);
        await clickSettled(
          page
            .locator('.ant-select-dropdown:visible .ant-select-item-option')
            .filter({ hasText: country.name })
            .first(),
        );
      }
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /Compare$/ }).click();

      // Accounting: the W/120 sector of the first country's second service meets the second country's CPC 862.
      const accountingTab = page.getByRole('tab', { name: /1\.A\.b\s+Accounting, auditing and bookeeping services/ });
      await accountingTab.click();
      const accounting = page.getByRole('tabpanel', { name: /1\.A\.b\s+Accounting/ });
      await accounting.getByRole('region', { name: first.name }).getByText(LEGAL_AND_ACCOUNTING).waitFor();
      await accounting.getByRole('region', { name: second.name }).getByText(ACCOUNTING_BY_CPC).waitFor();
      expect(await accounting.getByText('No commitment').count()).toBe(0);

      // Legal: only the first country commits there.
      await page.getByRole('tab', { name: /1\.A\.a\s+Legal Services/ }).click();
      const legal = page.getByRole('tabpanel', { name: /1\.A\.a\s+Legal Services/ });
      await legal.getByRole('region', { name: first.name }).getByText(LEGAL_AND_ACCOUNTING).waitFor();
      await legal.getByRole('region', { name: second.name }).getByText('No commitment').waitFor();

      // Only these two sector tabs: the CPC sector did not open a tab of its own.
      const tabNames = await page.getByRole('tab').allInnerTexts();
      expect(tabNames.filter((n) => /862/.test(n))).toEqual([]);
      await page.screenshot({ path: `${screenshots}compare-offers-matching.png`, fullPage: true });
    } catch (error) {
      await screenshotOnFailure('compare-offers-matching', [page]);
      throw error;
    } finally {
      await context.close();
    }
  });
});

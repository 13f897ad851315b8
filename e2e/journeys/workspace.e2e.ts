/**
 * The dashboard and the workspace. Senegal requests two sectors of Kenya's offer (through the API, as the
 * requests screens are another journey's): Kenya's chief negotiator finds it on the dashboard, a link to the request;
 * the secretariat's request–offer matrix shows the Senegal → Kenya pair; the coverage heat map in Arabic is laid out
 * right to left (row names on the right, mode 1 next to them), its numbers readable.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { blankOfferDocument, blankSector, type Sector } from '@portal/shared';
import { chooseLanguage, launchBrowser, newVisitor, signIn } from '../support/portal';
import { api, apiToken } from '../support/api';
import { screenshotOnFailure } from './offers-support';

const screenshots = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));

/** A requested W/120 sector: full market access asked in mode 3. */
function asked(code: string, title: string): Sector {
  const sector: Sector = {
    ...blankSector(`e2e-workspace-${code}-${Date.now()}`),
    services: [{ title, value: code, key: `W120:${code}` }],
    codes: [code],
  };
  sector.sectorCommitement.limitationsMA.commercialPresence.value = 'None';
  return sector;
}

describe('dashboard and workspace', () => {
  let browser: Browser;
  let requestLink: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(screenshots, { recursive: true });
    const ke = await apiToken('chief.ke@portal.test');
    // Kenya's conditional offer: an earlier journey may have made and submitted it; else submit one now.
    const own = await api<{ id: string; versions: number; revision: number }[]>(ke, 'GET', '/offers');
    const doc = { ...blankOfferDocument(), name: 'Kenya offer', sectors: [asked('1.A.a', 'Legal Services')] };
    let offerId = own[0]?.id;
    if (!offerId) {
      offerId = (await api<{ id: string }>(ke, 'POST', '/offers', { ...doc, submittedToAU: true })).id;
    } else if (own[0].versions === 0) {
      const current = await api<{ revision: number }>(ke, 'GET', `/offers/${offerId}`);
      await api(ke, 'GET', `/offers/checkOpenOffer/${offerId}`).catch(() => undefined);
      await api(ke, 'PUT', `/offers/${offerId}?isEdited=false`, {
        ...doc,
        submittedToAU: true,
        revision: current.revision,
      });
      await api(ke, 'DELETE', `/offers/checkOpenOffer/${offerId}`).catch(() => undefined);
    }
    const sn = await apiToken('chief.sn@portal.test');
    const request = await api<{ id: string }>(sn, 'POST', `/request-offer/${offerId}`, {
      note: 'Senegal asks Kenya to bind legal and accounting services in mode 3.',
      sectors: [asked('1.A.a', 'Legal Services'), asked('1.A.b', 'Accounting, auditing and bookeeping services')],
      submitted: true,
    });
    requestLink = `/request-offer/${offerId}/${request.id}`;
  });
  afterAll(() => browser?.close());

  it("Kenya's chief negotiator finds Senegal's request on the dashboard, a link to it", async () => {
    const context = await newVisitor(browser);
    const page: Page = await context.newPage();
    try {
      await signIn(page, 'chief.ke@portal.test');
      await page.goto('/dashboard');
      const requests = page.locator('.waiting-section').filter({ hasText: 'Requests received, not answered' });
      const link = requests.getByRole('link', { name: /^Request from Senegal: sectors asked 2/ }).last();
      await link.waitFor();
      expect(await requests.locator(`a[href="${requestLink}"]`).count()).toBe(1);
    } catch (error) {
      await screenshotOnFailure('workspace-dashboard', [page]);
      throw error;
    } finally {
      await context.close();
    }
  });

  it("the secretariat's request–offer matrix shows Senegal → Kenya; the heat map in Arabic reads right to left", async () => {
    const context = await newVisitor(browser);
    const page: Page = await context.newPage();
    try {
      await signIn(page, 'secretariat@portal.test');
      await page.goto('/workspace');
      await page.getByRole('tab', { name: 'Request–offer matrix' }).click();
      const matrix = page.getByRole('table', { name: 'Request–offer matrix' });
      await matrix.waitFor();
      const pair = matrix.locator('[data-pair="SN-KE"]');
      const asked = Number(/(\d+) asked/.exec(await pair.innerText())?.[1]);
      expect(asked).toBeGreaterThanOrEqual(2);
      const senegalRow = matrix.getByRole('row', { name: /^Senegal/ });
      expect(await senegalRow.locator('[data-pair="SN-KE"]').count()).toBe(1);
      await page.screenshot({ path: `${screenshots}workspace-request-matrix.png`, fullPage: true });

      await chooseLanguage(page, 'العربية');
      await page.getByRole('tab', { name: 'تغطية الالتزامات' }).click();
      const heatmap = page.locator('.coverage-heatmap svg');
      await heatmap.waitFor();
      await heatmap.screenshot({ path: `${screenshots}workspace-heatmap-ar.png` });
      const x = async (selector: string) => (await page.locator(selector).first().boundingBox())!.x;
      // Rendered order, right to left: sector names, then market access modes 1 → 4, then national treatment.
      expect(await x('[data-row="1"]')).toBeGreaterThan(await x('[data-column="ma1"]'));
      // The row name is drawn inside the chart, ending at its right edge.
      const svgBox = (await heatmap.boundingBox())!;
      const label = (await page.locator('[data-row="1"]').boundingBox())!;
      expect(label.x + label.width).toBeLessThanOrEqual(svgBox.x + svgBox.width + 1);
      expect(label.width).toBeGreaterThan(60);
      expect(await x('[data-column="ma1"]')).toBeGreaterThan(await x('[data-column="ma2"]'));
      expect(await x('[data-column="ma4"]')).toBeGreaterThan(await x('[data-column="nt1"]'));
      expect(await x('[data-block="marketAccess"]')).toBeGreaterThan(await x('[data-block="nationalTreatment"]'));
      // Codes stay in their order: "7.B" is not turned into "B.7"; the numbers are Western digits.
      const codes = await page.locator('.coverage-table tbody th bdi').allInnerTexts();
      expect(codes.slice(0, 3)).toEqual(['1', '2', '3']);
      await page.getByText('55 قطاعًا فرعيًا').click();
      await page.locator('[data-row="7.B"]').waitFor();
      expect(
        await page.locator('.coverage-table tbody th', { hasText: '7.B' }).first().locator('bdi').innerText(),
      ).toBe('7.B');
      const table = await page.locator('.coverage-table').first().boundingBox();
      const firstHeader = await page.locator('.coverage-table thead th').first().boundingBox();
      expect(firstHeader!.x + firstHeader!.width).toBeGreaterThan(table!.x + table!.width - 2);
      await page.screenshot({ path: `${screenshots}workspace-coverage-ar.png`, fullPage: true });
    } catch (error) {
      await screenshotOnFailure('workspace-coverage', [page]);
      throw error;
    } finally {
      await context.close();
    }
  });
});

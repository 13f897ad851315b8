/**
 * Compare two versions: Senegal's offer is submitted (v1), sent back by the secretariat, changed and submitted again
 * (v2) — through the API, as preconditions. Senegal's chief negotiator ticks both versions in the version list and
 * presses Compare: the two versions stand side by side, the changed word is marked inside its cell (struck through
 * and underlined, not only coloured), and the change list jumps to it.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { awaitsReview, blankOfferDocument, blankSector, type OfferDocument, type Sector } from '@portal/shared';
import { chooseLanguage, launchBrowser, newVisitor, signIn } from '../support/portal';
import { api, apiToken } from '../support/api';
import { screenshotOnFailure } from './offers-support';
import { expectAccessible } from '../support/axe';

const screenshots = new URL('../../test-results/e2e/', import.meta.url).pathname;
const SN_NAME = 'Senegal Conditional Initial Offer';
const V1_TEXT = 'Foreign law firms must partner with a Senegalese firm.';
const V2_TEXT = 'Foreign law firms may partner with a Senegalese firm.';

function sector(code: string, title: string, mode3: string): Sector {
  const s: Sector = {
    ...blankSector(`e2e-versions-${code}-${Date.now()}`),
    services: [{ title, value: code, key: code }],
    codes: [code],
    provisional_codes: [code],
  };
  s.sectorCommitement.limitationsMA.commercialPresence.value = mode3;
  return s;
}

function schedule(legal: string, courier: string): OfferDocument {
  const doc = blankOfferDocument();
  doc.name = SN_NAME;
  doc.description = '<p>Senegal opening statement.</p>';
  doc.sectors = [sector('861', 'Legal services', legal), sector('7512', 'Courier services', courier)];
  return doc;
}

interface OfferState {
  id: string;
  revision: number;
  versions: number;
  status: string;
}

describe('compare two versions of an offer', () => {
  let browser: Browser;
  let page: Page;
  let offerId: string;
  let v2 = 0;

  beforeAll(async () => {
    const sn = await apiToken('chief.sn@portal.test');
    const secretariat = await apiToken('secretariat@portal.test');
    const submit = async (doc: OfferDocument) => {
      const current = await api<OfferState>(sn, 'GET', `/offers/${offerId}`);
      if (current.versions > 0 && awaitsReview(current.status as never))
        await api(secretariat, 'POST', `/offers/${offerId}/validate`);
      const fresh = await api<OfferState>(sn, 'GET', `/offers/${offerId}`);
      await api(sn, 'GET', `/offers/checkOpenOffer/${offerId}`).catch(() => undefined);
      // A save answers the id and the new revision only: the offer is read back for its version count.
      await api(sn, 'PUT', `/offers/${offerId}?isEdited=true`, {
        ...doc,
        submittedToAU: true,
        revision: fresh.revision,
      });
      await api(sn, 'DELETE', `/offers/checkOpenOffer/${offerId}`).catch(() => undefined);
      return api<OfferState>(sn, 'GET', `/offers/${offerId}`);
    };
    // A country holds one offer: another journey may have made Senegal's already; then these are its next versions.
    const own = await api<{ id: string }[]>(sn, 'GET', '/offers');
    if (own.length === 0) {
      offerId = (await api<OfferState>(sn, 'POST', '/offers', { ...schedule(V1_TEXT, 'Unbound'), submittedToAU: true }))
        .id;
    } else {
      offerId = own[0].id;
      await submit(schedule(V1_TEXT, 'Unbound'));
    }
    await api(secretariat, 'POST', `/offers/${offerId}/return`, { comment: 'Please bind mode 3 for legal services.' });
    v2 = (await submit(schedule(V2_TEXT, 'None'))).versions;
    expect(v2).toBeGreaterThanOrEqual(2);

    browser = await launchBrowser();
    page = await (await newVisitor(browser)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    // Leave Senegal's offer decided (validated), so a later journey may submit it again.
    if (offerId) {
      const secretariat = await apiToken('secretariat@portal.test');
      await api(secretariat, 'POST', `/offers/${offerId}/validate`).catch(() => undefined);
    }
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await screenshotOnFailure('versions', [page]);
  });

  it('v1 returned → v2: the changed word is marked and the change list jumps to it', async () => {
    await signIn(page, 'chief.sn@portal.test');
    await page.goto('/offers');
    await page
      .getByRole('row')
      .filter({ hasText: SN_NAME })
      .getByRole('button', { name: /expand/i })
      .click();
    await page.getByRole('checkbox', { name: `Compare version ${v2 - 1}` }).check();
    await page.getByRole('checkbox', { name: `Compare version ${v2}` }).check();
    await page.getByRole('link', { name: `Compare version ${v2 - 1} with ${v2}` }).click();
    await page.waitForURL(new RegExp(`/compare-versions/${offerId}\\?from=${v2 - 1}&to=${v2}$`));

    const grid = page.locator('table.version-compare-grid');
    await grid.waitFor();
    // Version v2-1 on the left, v2 on the right (English reads left to right).
    const [left, right] = await Promise.all([
      grid.getByRole('columnheader', { name: new RegExp(`^Version ${v2 - 1} — Returned`) }).boundingBox(),
      grid.getByRole('columnheader', { name: new RegExp(`^Version ${v2} — `) }).boundingBox(),
    ]);
    expect(left!.x).toBeLessThan(right!.x);

    const nav = page.getByRole('navigation', { name: 'Changes' });
    const status = nav.getByRole('status');
    await expect.poll(() => status.innerText()).toMatch(/1 \/ 2$/);

    // Jump from the list to the Legal services change: its row is the current one, focused and on screen.
    await nav.getByRole('button', { name: /861 Legal services/ }).click();
    const currentRow = page.locator('tr.compare-row-current');
    await expect.poll(() => currentRow.getAttribute('id')).toMatch(/limitationsMA-commercialPresence$/);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.classList.contains('compare-row-current')))
      .toBe(true);
    const box = await currentRow.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
    await expectAccessible(page, '/compare-versions/:id');

    // Only the changed word is marked, with a line as well as a colour; the rest of the sentence is plain.
    const deleted = currentRow.locator('del.diff-del');
    const inserted = currentRow.locator('ins.diff-ins');
    expect((await deleted.textContent())!.replace('deleted:', '').trim()).toBe('must');
    expect((await inserted.textContent())!.replace('inserted:', '').trim()).toBe('may');
    expect(await deleted.evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('line-through');
    expect(await inserted.evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('underline');
    expect(await currentRow.locator('td').nth(1).innerText()).toContain('partner with a Senegalese firm.');

    // The keyboard moves along the list: the courier sector's level (Unbound → None) is the other change.
    await page.keyboard.press('n');
    await expect.poll(() => status.innerText()).toMatch(/2 \/ 2$/);
    await expect.poll(() => currentRow.innerText()).toContain('None');
    await mkdir(screenshots, { recursive: true });
    await page.screenshot({ path: `${screenshots}versions-compare.png`, fullPage: true });

    // The same comparison as a PDF made on the server: text, with both words of the change.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Download PDF/ }).click(),
    ]);
    const file = `${screenshots}versions-compare.pdf`;
    await download.saveAs(file);
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('must');
    expect(text).toContain('may');

    // Arabic: the first version comes first in reading order (on the right) and "2 / 2" keeps its order.
    await chooseLanguage(page, 'العربية');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const navAr = page.getByRole('navigation', { name: 'التعديلات' });
    await expect.poll(() => navAr.getByRole('status').innerText()).toMatch(/2 \/ 2$/);
    const [firstAr, secondAr] = await Promise.all([
      grid.getByRole('columnheader', { name: new RegExp(`^النسخة ${v2 - 1} — `) }).boundingBox(),
      grid.getByRole('columnheader', { name: new RegExp(`^النسخة ${v2} — `) }).boundingBox(),
    ]);
    expect(firstAr!.x).toBeGreaterThan(secondAr!.x);
    const count = navAr.locator('.change-nav-count bdi');
    const [two, slash] = await Promise.all([
      count.evaluate((el) => {
        const range = document.createRange();
        range.setStart(el.firstChild!, 0);
        range.setEnd(el.firstChild!, 1);
        return range.getBoundingClientRect().x;
      }),
      count.evaluate((el) => {
        const text = el.textContent!;
        const range = document.createRange();
        range.setStart(el.firstChild!, text.length - 1);
        range.setEnd(el.firstChild!, text.length);
        return range.getBoundingClientRect().x;
      }),
    ]);
    // The first character (the current number) is left of the last (the total): read left to right.
    expect(two).toBeLessThan(slash);
    await page.screenshot({ path: `${screenshots}versions-compare-ar.png`, fullPage: true });
  });
});

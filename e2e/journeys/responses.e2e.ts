/**
 * Counter offers: Kenya's chief negotiator has submitted an offer (through the API); Senegal's chief negotiator
 * answers it from /offers-done, changes one entry (it turns green), saves; the PDF made on the server is attached.
 * Kenya's chief negotiator finds the counter offer on /offers, opens it and the comparison, where the change is
 * highlighted, and sees the comparison in Arabic with the original first in reading order (on the right).
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { blankOfferDocument, blankRow, blankSector, type OfferDocument, type Sector } from '@portal/shared';
import { baseUrl, chooseLanguage, launchBrowser, newVisitor, signIn } from '../support/portal';
import { expectToast, screenshotOnFailure, setLevel } from './offers-support';
import { api, apiToken } from '../support/api';
import { expectAccessible } from '../support/axe';

const screenshots = new URL('../../test-results/e2e/', import.meta.url).pathname;

function sector(code: string, title: string): Sector {
  return {
    ...blankSector(`e2e-${code}-${Date.now()}`),
    services: [{ title, value: code, key: code }],
    codes: [code],
    provisional_codes: [code],
  };
}

/** A schedule with a horizontal row, two sectors (every entry Unbound*, the default) and an MFN exemption. */
function kenyaSchedule(): OfferDocument {
  const doc = blankOfferDocument();
  doc.name = 'Kenya Conditional Initial Offer';
  doc.description = '<p>Kenya opening statement.</p>';
  const row = blankRow('horizontal');
  row[0].value = 'All sectors included in this schedule';
  doc.geenralCommitement = [row];
  doc.sectors = [sector('861', 'Legal services'), sector('862', 'Accounting, auditing and bookkeeping services')];
  return doc;
}

describe('counter offers', () => {
  let browser: Browser;
  let senegal: BrowserContext;
  let kenya: BrowserContext;
  let sn: Page;
  let ke: Page;
  let keToken: string;
  let offerId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(screenshots, { recursive: true });
    keToken = await apiToken('chief.ke@portal.test');
    // A country holds one offer: an earlier journey may have made Kenya's; then submit this schedule as its new version.
    const own = await api<{ id: string }[]>(keToken, 'GET', '/offers');
    if (own.length === 0) {
      offerId = (await api<{ id: string }>(keToken, 'POST', '/offers', { ...kenyaSchedule(), submittedToAU: true })).id;
    } else {
      offerId = own[0].id;
      const current = await api<{ revision: number; versions: number }>(keToken, 'GET', `/offers/${offerId}`);
      await api(keToken, 'GET', `/offers/checkOpenOffer/${offerId}`).catch(() => undefined);
      await api(keToken, 'PUT', `/offers/${offerId}?isEdited=false`, {
        ...kenyaSchedule(),
        submittedToAU: true,
        revision: current.revision,
      }).catch((e: Error) => {
        if (current.versions === 0) throw e;
      });
      await api(keToken, 'DELETE', `/offers/checkOpenOffer/${offerId}`).catch(() => undefined);
    }
    senegal = await newVisitor(browser);
    kenya = await newVisitor(browser);
    sn = await senegal.newPage();
    ke = await kenya.newPage();
    if (process.env.E2E_DEBUG)
      for (const p of [sn, ke]) p.on('pageerror', (e) => console.log('[pageerror]', e.message));
    await signIn(sn, 'chief.sn@portal.test');
    await signIn(ke, 'chief.ke@portal.test');
  });
  afterAll(() => browser?.close());

  it('Senegal answers Kenya’s offer: one entry changed turns green, saving attaches a PDF', async () => {
    try {
      await sn.goto('/offers-done');
      await sn.getByRole('button', { name: 'Counter offer: Kenya' }).click();
      await sn.waitForURL(new RegExp(`/response-offer/${offerId}$`));
      await sn
        .getByRole('navigation', { name: 'Parts of the offer' })
        .getByRole('button', { name: /861 Legal services/ })
        .click();
      await sn.getByRole('heading', { level: 2, name: /861 Legal services/ }).waitFor();
      expect(await sn.locator('.counter-entry-edited').count()).toBe(0);
      await expectAccessible(sn, '/response-offer/:id');

      await setLevel(sn, '1) Cross-border supply', 0, /^None$/);
      const edited = sn.locator('.counter-entry-edited');
      await edited.first().waitFor();
      expect(await edited.count()).toBe(1);
      // The green fades in (a transition): its final colour.
      await expect.poll(() => edited.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(232, 247, 234)');
      await edited.getByText('Changed', { exact: true }).waitFor();
      await edited.getByRole('button', { name: /^Reset:/ }).waitFor();
      await edited.getByRole('button', { name: /^Chat:/ }).waitFor();
      await sn.getByText('Changed entries: 1').waitFor();
      await sn.screenshot({ path: `${screenshots}responses-counter-offer.png` });

      await sn.getByRole('button', { name: 'Send counter offer' }).click();
      // Sending asks first, naming the country answered and the number of changes.
      const confirm = sn.getByRole('dialog', { name: 'Send this counter offer?' });
      await confirm.getByText('It answers the offer of Kenya. Changed entries: 1.', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Send counter offer' }).click();
      await sn.waitForURL(/\/offers$/, { timeout: 60_000 });
      await expectToast(sn, 'Your counter offer has been saved and its PDF attached.');

      const [response] = await api<
        { id: string; pdfFileKey: string | null; changedEntries: number; responderCountryCode: string }[]
      >(keToken, 'GET', `/response-offer?offerId=${offerId}`);
      expect(response).toMatchObject({ responderCountryCode: 'SN', changedEntries: 1 });
      expect(response.pdfFileKey).toBeTruthy();
      const pdf = await fetch(`${baseUrl()}/api/file/aws/download/${encodeURIComponent(response.pdfFileKey!)}`, {
        headers: { authorization: `Bearer ${keToken}` },
      });
      expect(pdf.status).toBe(200);
      const bytes = Buffer.from(await pdf.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.length).toBeGreaterThan(10_000);
    } catch (error) {
      await screenshotOnFailure('responses-answer', [sn]);
      throw error;
    }
  });

  it('Kenya sees the counter offer and the comparison with the change highlighted, also in Arabic', async () => {
    try {
      await ke.goto('/offers');
      const received = ke.getByRole('region', { name: 'Received' });
      await received.getByText('Senegal').first().waitFor();
      await received.getByRole('link', { name: 'View: Senegal → Kenya' }).first().click();
      await ke.waitForURL(/\/view-response-offer\//);
      await ke.getByRole('button', { name: 'Download PDF' }).waitFor();
      await ke.getByRole('region', { name: 'Changes proposed' }).getByText('None').waitFor();

      // Kenya may decide on the counter offer's entries: the comparison opens as its answer (DESIGN 13).
      await ke.getByRole('link', { name: 'Answer entry by entry' }).click();
      await ke.waitForURL(new RegExp(`/compare-versions/${offerId}/`));
      // One grid aligned by sector and mode: the changed entry's row holds the original and the proposal.
      const grid = ke.locator('table.version-compare-grid');
      await grid.locator('tr.compare-section-row').filter({ hasText: '861 Legal services' }).waitFor();
      const original = grid.getByRole('columnheader', { name: /^Original: version/ });
      const counter = grid.getByRole('columnheader', { name: /^Counter offer \(Senegal\)/ });
      const changed = grid.locator('tr[data-change]');
      expect(await changed.count()).toBe(1);
      expect(await changed.locator('td').nth(0).innerText()).toContain('Unbound*');
      expect(await changed.locator('td').nth(1).innerText()).toContain('None');
      const [left, right] = await Promise.all([original.boundingBox(), counter.boundingBox()]);
      expect(left!.x).toBeLessThan(right!.x);

      // Arabic: the original comes first in reading order, so it stands on the right.
      await chooseLanguage(ke, 'العربية');
      await expect.poll(() => ke.evaluate(() => document.documentElement.dir)).toBe('rtl');
      const originalAr = grid.getByRole('columnheader', { name: /^الأصل: النسخة/ });
      const counterAr = grid.getByRole('columnheader', { name: /^العرض المقابل \(/ });
      await originalAr.waitFor();
      const [first, second] = await Promise.all([originalAr.boundingBox(), counterAr.boundingBox()]);
      expect(first!.x).toBeGreaterThan(second!.x);
      await ke.screenshot({ path: `${screenshots}responses-compare-ar.png`, fullPage: true });
    } catch (error) {
      await screenshotOnFailure('responses-compare', [ke]);
      throw error;
    }
  });

  it('a failed upload says "Something is wrong", keeps the counter offer, and its PDF can be made again', async () => {
    try {
      await sn.route('**/api/response-offer/file/**', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Something is wrong', code: 'UPLOAD_FAILED' }),
        }),
      );
      await sn.goto('/offers-done');
      await sn.getByRole('button', { name: 'Counter offer: Kenya' }).click();
      await sn.waitForURL(new RegExp(`/response-offer/${offerId}$`));
      await sn
        .getByRole('navigation', { name: 'Parts of the offer' })
        .getByRole('button', { name: /862 Accounting/ })
        .click();
      await setLevel(sn, '4) Presence of natural persons', 1, /^Unbound$/);
      await sn.locator('.counter-entry-edited').first().waitFor();
      await sn.getByRole('button', { name: 'Send counter offer' }).click();
      await sn
        .getByRole('dialog', { name: 'Send this counter offer?' })
        .getByRole('button', { name: 'Send counter offer' })
        .click();
      // The counter offer is saved: its screen says why the PDF is missing and offers to attach it again.
      await sn.waitForURL(/\/view-response-offer\//, { timeout: 60_000 });
      await expectToast(sn, 'Something is wrong');
      await sn
        .getByRole('alert')
        .getByText('Your counter offer is saved, but its PDF could not be attached.')
        .waitFor();
      await sn.unroute('**/api/response-offer/file/**');
      await sn.getByText('No PDF attached').waitFor();
      await sn.getByRole('button', { name: 'Make and attach the PDF' }).click();
      await expectToast(sn, 'The PDF of the counter offer has been attached.');
      await sn.getByRole('button', { name: 'Download PDF' }).waitFor();
    } catch (error) {
      await screenshotOnFailure('responses-upload-failure', [sn]);
      throw error;
    }
  });
});

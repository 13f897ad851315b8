/**
 * Direction of text (DESIGN.md section 11): in the Arabic interface, a code such as "1.A.a", a mode
 * value such as "3) Acquisition of land…" and an English chat message still read left to right. Checked on the
 * RENDERED order — the horizontal position of each character, measured with a Range — in the offer preview, in its
 * print view and in a chat room, not only in the DOM.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { blankOfferDocument, blankRow, blankSector } from '@portal/shared';
import { launchBrowser, newVisitor, signIn } from '../support/portal';
import { api, apiToken } from '../support/api';
import { screenshotOnFailure } from './offers-support';
import { characterPositions, expectLeftToRight } from '../support/reading-order';

const OFFER_NAME = 'Bidi Conditional Initial Offer';
const MODE_VALUE = '3) Acquisition of land by foreigners requires approval.';
const MESSAGE = 'Please confirm 1.A.a (legal services) by Friday.';

/**
 * The interface in Arabic through the signed-in user's profile, which the page takes on as it loads (switching from
 * the header is right-to-left.e2e.ts's journey).
 */
async function openInArabic(page: Page, token: string, path: string): Promise<void> {
  await api(token, 'PUT', '/profile/language', { language: 'ar' });
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
}

describe('codes and English text read left to right in the Arabic interface', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let secretariat: string;
  let offerName: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    secretariat = await apiToken('secretariat@portal.test');
    // A country no other journey uses, so the one offer a country may have is not taken from them.
    const free = await api<{ id: number; code: string }[]>(secretariat, 'GET', '/offers/countiresNoOffer');
    const country = ['MU', 'SC', 'CV', 'DJ', 'KM', 'LS', 'SZ', 'GM']
      .map((code) => free.find((c) => c.code === code))
      .find((c) => c !== undefined);
    expect(country).toBeDefined();
    const doc = blankOfferDocument();
    const row = blankRow('horizontal');
    row[0].value = '<p>All sectors included in this schedule</p>';
    row[1].value = '<p>3) Foreign investment above USD 1 million requires approval.</p>';
    doc.geenralCommitement = [row];
    const sector = blankSector(crypto.randomUUID());
    sector.services = [{ title: 'Legal services', value: '1.A.a', key: 'W120:1.A.a' }];
    sector.sectorCommitement.limitationsMA.commercialPresence.value = MODE_VALUE;
    doc.sectors = [sector];
    const created = await api<{ name: string }>(secretariat, 'POST', '/offers', {
      ...doc,
      name: OFFER_NAME,
      submittedToAU: true,
      countryIdCreator: country!.id,
    });
    // The server names an offer the secretariat creates for a country after that country.
    offerName = created.name;

    context = await newVisitor(browser);
    // The print dialog is not part of the check: the print view stays on the page while the print media is emulated.
    await context.addInitScript(() => {
      window.print = () => undefined;
    });
    page = await context.newPage();
    await signIn(page, 'secretariat@portal.test');
  });
  afterAll(() => browser?.close());

  it('the preview of an offer keeps "1.A.a" and "3) Acquisition of land…" in their order, on screen and in print', async () => {
    try {
      await openInArabic(page, secretariat, '/offers-done');
      await page
        .getByRole('row')
        .filter({ hasText: offerName })
        .getByRole('button', { name: 'عرض', exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: 'معاينة العرض' });
      const sectorCell = dialog.locator('.schedule-table td strong').filter({ hasText: 'Legal services' });
      await sectorCell.waitFor();
      await expectLeftToRight(sectorCell, '1.A.a');
      // Right to left, the code comes first: it stands to the right of the service's name.
      const title = await characterPositions(sectorCell, '1.A.a Legal');
      expect(title[0]).toBeGreaterThan(title[title.length - 1]);

      const mode = dialog.locator('.schedule-modes li').filter({ hasText: 'Acquisition of land' });
      await expectLeftToRight(mode, MODE_VALUE);
      const horizontal = dialog.locator('.schedule-table td').filter({ hasText: 'Foreign investment' });
      await expectLeftToRight(horizontal, '3) Foreign investment above USD 1 million requires approval.');

      await dialog.getByRole('button', { name: 'طباعة / حفظ بصيغة PDF' }).click();
      const print = page.locator('.offer-print-portal');
      await print.waitFor({ state: 'attached' });
      await page.emulateMedia({ media: 'print' });
      await print.locator('.offer-document').waitFor();
      await expectLeftToRight(
        print.locator('.schedule-table td strong').filter({ hasText: 'Legal services' }),
        '1.A.a',
      );
      await expectLeftToRight(
        print.locator('.schedule-modes li').filter({ hasText: 'Acquisition of land' }),
        MODE_VALUE,
      );
      await page.emulateMedia({ media: 'screen' });
    } catch (error) {
      await screenshotOnFailure('bidi-preview', [page]);
      throw error;
    }
  });

  it('an English chat message reads left to right, its first word left-most', async () => {
    try {
      const sn = (await api<{ userId: string; email: string }[]>(secretariat, 'GET', '/profile/approved')).find(
        (u) => u.email === 'chief.sn@portal.test',
      )!;
      const room = await api<{ id: string }>(secretariat, 'POST', '/chats/addRomes', {
        title: 'Legal services working group',
        profileDtos: [sn.userId],
        offerDoc: null,
        countryIdSender: null,
        countryIdReceived: null,
        romeType: 'CONTACT',
      });
      // After each journey the demo users' profiles are back on English (support/english-profiles.ts).
      await openInArabic(page, secretariat, `/chat/${room.id}/0`);
      const pane = page.getByRole('region', { name: 'Legal services working group' });
      await pane.getByRole('textbox', { name: 'اكتب رسالتك' }).fill(MESSAGE);
      await page.getByRole('button', { name: 'إرسال', exact: true }).click();
      const message = pane.locator('.chat-message-text').filter({ hasText: 'Please confirm' });
      await message.waitFor();
      await expectLeftToRight(message, MESSAGE);
      const xs = await characterPositions(message, MESSAGE);
      expect(Math.min(...xs)).toBe(xs[0]);
    } catch (error) {
      await screenshotOnFailure('bidi-chat', [page]);
      throw error;
    }
  });
});

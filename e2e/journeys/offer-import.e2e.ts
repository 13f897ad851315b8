/**
 * Starting an offer from a schedule file: the secretariat creates the offer of a country without one, chooses
 * "Start from a schedule file" with a Word schedule in the WTO four-column layout (written as raw XML, not by the
 * portal), reads the list of what could not be placed, reviews the sectors the file gave (unsaved), saves, and finds
 * the offer stored with the file's entries, a written limitation kept character for character.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { clickSettled, launchBrowser, newVisitor, signIn } from '../support/portal';
import { api, apiToken } from '../support/api';
import { expectToast, screenshotOnFailure } from './offers-support';
import { SCHEDULE_COLUMNS, wordDocument } from '../../apps/server/test/schedule-files';

const LIMITATION = 'Only through a partnership with locally licensed lawyers & notaries <Annex B>.';
const SCHEDULE = wordDocument(
  ['SCHEDULE OF SPECIFIC COMMITMENTS'],
  [
    SCHEDULE_COLUMNS,
    ['I. HORIZONTAL COMMITMENTS'],
    ['ALL SECTORS INCLUDED IN THIS SCHEDULE', '3) Acquisition of land requires approval.', '4) Unbound', ''],
    ['II. SECTOR-SPECIFIC COMMITMENTS'],
    ['1. BUSINESS SERVICES'],
    [
      'A. Professional Services\n(a) Legal services (CPC 861)',
      `1) None\n2) None\n3) ${LIMITATION}\n4) Unbound except as indicated in the horizontal section`,
      '1) 2) 3) None\n4) Unbound',
      '',
    ],
    [
      '(b) Accounting, auditing and bookkeeping services (CPC 862)',
      '1) 2) 3) None\n4) Unbound*',
      '1) 2) 3) 4) None',
      '',
    ],
    ['(z) Space tourism consultancy', '1) None', '1) None', ''],
  ],
);

describe('an offer started from a schedule file', () => {
  let browser: Browser;
  let page: Page;
  let secretariat: string;
  let country: { id: number; name: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newVisitor(browser)).newPage();
    secretariat = await apiToken('secretariat@portal.test');
    const free = await api<{ id: number; name: string }[]>(secretariat, 'GET', '/offers/countiresNoOffer');
    country = free[free.length - 1]!;
  });
  afterAll(async () => {
    await screenshotOnFailure('offer-import', [page]);
    await browser?.close();
  });

  it('reads the file into the editor, lists what it could not place, and saves what was reviewed', async () => {
    await signIn(page, 'secretariat@portal.test');
    await page.goto('/offers');
    await page.getByRole('combobox', { name: 'Member state' }).click();
    await page.keyboard.type(country.name);
    await clickSettled(page.locator('.ant-select-item-option').filter({ hasText: country.name }).first());
    await page.getByRole('button', { name: 'Create the offer' }).click();
    await page.waitForURL(/\/add-offer$/);

    const start = page.getByRole('region', { name: 'Start from a schedule file' });
    await start.getByRole('button', { name: 'Choose a .docx or .xlsx file' }).waitFor();
    await start.locator('input[type="file"]').setInputFiles({
      name: 'testland-schedule.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from(SCHEDULE),
    });

    // What could not be placed, where it is in the file, in words.
    const report = page.getByRole('status').filter({ hasText: 'testland-schedule.docx' });
    await report.getByText('1 part could not be placed').waitFor();
    const items = await report.getByRole('listitem').allInnerTexts();
    expect(items).toHaveLength(1);
    expect(items[0]).toContain('Table 1, row 8');
    expect(items[0]).toContain('matches no service of the classification');
    expect(items[0]).toContain('(z) Space tourism consultancy');

    // Opened for review, not saved.
    await page.getByText('Unsaved changes (kept in this browser)').waitFor();
    const tabs = page.getByRole('navigation', { name: 'Parts of the offer' });
    await tabs.getByRole('button', { name: /1\.A\.a\s+Legal Services/ }).click();
    const limitation = page.getByRole('textbox', { name: '3) Commercial presence: limitation' }).first();
    await expect.poll(() => limitation.inputValue()).toBe(LIMITATION);
    await tabs.getByRole('button', { name: /1\.A\.b\s+Accounting/ }).waitFor();

    await page.getByRole('button', { name: 'Save and exit' }).click();
    await expectToast(page, 'The offer has been saved.');
    await page.waitForURL(/\/offers$/);

    const offers = await api<{ id: string; countryId: number }[]>(secretariat, 'GET', '/offers');
    const saved = offers.find((o) => o.countryId === country.id)!;
    const offer = await api<{ sectors: { services: { key: string }[]; sectorCommitement: any }[] }>(
      secretariat,
      'GET',
      `/offers/${saved.id}`,
    );
    expect(offer.sectors.map((s) => s.services[0]!.key).sort()).toEqual(['W120:1.A.a', 'W120:1.A.b']);
    const legal = offer.sectors.find((s) => s.services[0]!.key === 'W120:1.A.a')!.sectorCommitement;
    expect(legal.limitationsMA.commercialPresence.value).toBe(LIMITATION);
    expect(legal.limitationsMA.presenceOfNaturalPersons.value).toBe(
      'Unbound except as indicated in the horizontal section',
    );
  });
});

/**
 * Documents of record: the secretariat has submitted a 150-sector offer for a
 * country without one (through the API; the demo countries' offers are left to the other journeys, whatever order the
 * files run in). Senegal's chief negotiator answers it with a counter offer saved through the screens; the PDF
 * attached is made on the server, as text: every page of it has text and the heading. Then Senegal downloads that
 * offer from the list's Download menu, chosen with the keyboard, in Arabic: the PDF's text holds its sectors' titles.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  blankOfferDocument,
  blankRow,
  blankSector,
  type OfferDocument,
  SECTOR_TYPE_CODES,
  type Sector,
} from '@portal/shared';
import { baseUrl, launchBrowser, newVisitor, signIn } from '../support/portal';
import { api, apiToken } from '../support/api';
import { expectToast, screenshotOnFailure, setLevel } from './offers-support';

const run = promisify(execFile);
const SECTORS = 150;
/** Unicode isolates the server puts around codes (U+2066–U+2069): not part of what a reader sees. */
const ISOLATES = /[\u2066-\u2069]/g;

/** The rows of a CSV file with quoted fields (the reference data). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted || (c !== ',' && c !== '\n')) field += c;
    else {
      row.push(field.replace(/\r$/, ''));
      field = '';
      if (c === '\n') {
        rows.push(row);
        row = [];
      }
    }
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** The rows of a reference file as objects by column name. */
async function reference(file: string): Promise<Record<string, string>[]> {
  const [header, ...rows] = parseCsv(await readFile(new URL(`../../data/reference/${file}`, import.meta.url), 'utf8'));
  return rows.filter((r) => r.length > 1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

/**
 * `count` sectors of one service each: the W/120 subsectors of the reference data (1.A.a Legal services first), then
 * provisional CPC groups, each with a few entries filled in.
 */
async function scheduleSectors(count: number): Promise<Sector[]> {
  const w120 = (await reference('w120.csv'))
    .filter((r) => Number(r.level) >= 3)
    .map((r) => ({
      type: SECTOR_TYPE_CODES.W120,
      key: `W120:${r.code}`,
      code: r.code,
      title: r.title_en,
      cpc: r.cpc_prov,
    }));
  const cpc = (await reference('cpc-prov.csv'))
    .filter((r) => r.level === 'group')
    .map((r) => ({
      type: SECTOR_TYPE_CODES.CPC_PROV,
      key: `CPC_PROV:${r.code}`,
      code: r.code,
      title: r.title_en,
      cpc: r.code,
    }));
  const chosen = [...w120, ...cpc].slice(0, count);
  expect(chosen).toHaveLength(count);
  return chosen.map((c, i) => {
    const sector: Sector = {
      ...blankSector(`e2e-doc-${i}-${Date.now()}`),
      type: c.type,
      services: [{ title: c.title, value: c.code, key: c.key }],
      codes: [c.code],
      provisional_codes: c.cpc ? [c.cpc] : [],
    };
    const ma = sector.sectorCommitement.limitationsMA;
    ma.crossBorder.value = 'None';
    ma.commercialPresence.value = `Only through a locally incorporated company (entry ${i + 1}).`;
    sector.sectorCommitement.limitationsOnNationalTreatment.consumptionAbroad.value = 'None';
    return sector;
  });
}

async function schedule(): Promise<OfferDocument> {
  const doc = blankOfferDocument();
  doc.description = '<p>Opening statement.</p>';
  const row = blankRow('horizontal');
  row[0].value = 'All sectors included in this schedule';
  doc.geenralCommitement = [row];
  doc.sectors = await scheduleSectors(SECTORS);
  return doc;
}

/** A country without an offer (a plain name, for the patterns below) gets this schedule from the secretariat. */
async function submitOfferForFreeCountry(
  auToken: string,
  doc: OfferDocument,
): Promise<{ id: string; country: string }> {
  const free = await api<{ id: number; code: string; name: string }[]>(auToken, 'GET', '/offers/countiresNoOffer');
  const country = free.find((c) => !['KE', 'SN', 'GH'].includes(c.code) && /^[A-Za-z ]+$/.test(c.name));
  if (!country) throw new Error('No country without an offer is left for this journey');
  const { id } = await api<{ id: string }>(auToken, 'POST', '/offers', {
    ...doc,
    submittedToAU: true,
    countryIdCreator: country.id,
  });
  return { id, country: country.name };
}

/** The text of each page of a PDF, as pdftotext (poppler-utils) reads it, isolates removed. */
async function pdfPages(bytes: Buffer): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-docs-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
    const pages = stdout.replace(ISOLATES, '').split('\f');
    // pdftotext ends the last page with a form feed too.
    if (pages.length > 1 && pages[pages.length - 1].trim() === '') pages.pop();
    return pages;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('documents of record', () => {
  let browser: Browser;
  let senegal: BrowserContext;
  let sn: Page;
  let auToken: string;
  let offerId: string;
  let country: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    auToken = await apiToken('secretariat@portal.test');
    ({ id: offerId, country } = await submitOfferForFreeCountry(auToken, await schedule()));
    senegal = await newVisitor(browser);
    sn = await senegal.newPage();
    if (process.env.E2E_DEBUG) sn.on('pageerror', (e) => console.log('[pageerror]', e.message));
    await signIn(sn, 'chief.sn@portal.test');
  });
  afterAll(() => browser?.close());

  it('a counter offer of 150 sectors saved through the screens gets a server-made PDF with text on every page', async () => {
    try {
      const before = await api<{ id: string }[]>(auToken, 'GET', `/response-offer?offerId=${offerId}`);
      await sn.goto('/offers-done');
      await sn.getByRole('button', { name: `Counter offer: ${country}` }).click();
      await sn.waitForURL(new RegExp(`/response-offer/${offerId}$`));
      await sn
        .getByRole('navigation', { name: 'Parts of the offer' })
        .getByRole('button', { name: /1\.A\.a Legal/ })
        .first()
        .click();
      await sn.getByRole('heading', { level: 2, name: /1\.A\.a Legal/ }).waitFor();
      await setLevel(sn, '4) Presence of natural persons', 0, /^None$/);
      await sn.locator('.counter-entry-edited').first().waitFor();

      const started = Date.now();
      // A chief negotiator sends in the country's name (the button was 'Save counter offer' before drafts existed).
      await sn.getByRole('button', { name: /^(Save|Send) counter offer$/ }).click();
      // Sending asks first (the country answered, the number of changes).
      await sn
        .getByRole('dialog', { name: 'Send this counter offer?' })
        .getByRole('button', { name: 'Send counter offer' })
        .click();
      await sn.waitForURL(/\/offers$/, { timeout: 60_000 });
      await expectToast(sn, /its PDF attached/);
      console.log(`[documents] counter offer of ${SECTORS} sectors saved with its PDF in ${Date.now() - started} ms`);

      const after = await api<{ id: string; pdfFileKey: string | null; responderCountryCode: string }[]>(
        auToken,
        'GET',
        `/response-offer?offerId=${offerId}`,
      );
      const known = new Set(before.map((r) => r.id));
      const saved = after.filter((r) => !known.has(r.id));
      expect(saved).toHaveLength(1);
      expect(saved[0].responderCountryCode).toBe('SN');
      expect(saved[0].pdfFileKey).toBeTruthy();

      const res = await fetch(`${baseUrl()}/api/file/aws/download/${encodeURIComponent(saved[0].pdfFileKey!)}`, {
        headers: { authorization: `Bearer ${auToken}` },
      });
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const pages = await pdfPages(bytes);
      console.log(`[documents] attached PDF: ${pages.length} pages, ${bytes.length} bytes`);
      expect(pages.length).toBeGreaterThan(1);
      const blank = pages.map((p, i) => (p.trim() ? null : i + 1)).filter((n) => n !== null);
      expect(blank).toEqual([]);
      expect(pages[0]).toMatch(new RegExp(`${country.toUpperCase()}\\s+—\\s+SCHEDULE OF SPECIFIC COMMITMENTS`));
      const all = pages.join('\n');
      // The WTO's headings, then the entry named by its letter: "1. BUSINESS SERVICES", "A. …", "a) Legal services".
      // (Each title may wrap in its narrow column: its first word is matched.)
      expect(all).toMatch(/1\.\s+BUSINESS[\s\S]*A\.\s+Professional[\s\S]*a\)\s+Legal/);
      expect(all).toContain(`${pages.length} / ${pages.length}`);
    } catch (error) {
      await screenshotOnFailure('documents-counter-offer', [sn]);
      throw error;
    }
  });

  it('the offer downloaded from the list in Arabic, chosen with the keyboard, reads its sectors in its text', async () => {
    try {
      await sn.goto('/offers-done');
      const trigger = sn.getByRole('button', { name: `Download: ${country} Conditional Initial Offer` });
      await trigger.focus();
      await sn.keyboard.press('Enter');
      const dialog = sn.getByRole('dialog', { name: 'Download the document' });
      await dialog.waitFor();
      // The interface is in English: English is chosen; the focus is on the chosen format (PDF).
      expect(await dialog.getByRole('radio', { name: 'English' }).isChecked()).toBe(true);
      await expect.poll(() => sn.evaluate(() => document.activeElement?.getAttribute('value'))).toBe('pdf');
      // Tab to the language group, arrows to Arabic (the third), Tab on to Cancel and Download.
      await sn.keyboard.press('Tab');
      await expect.poll(() => sn.evaluate(() => document.activeElement?.getAttribute('value'))).toBe('en');
      await sn.keyboard.press('ArrowRight');
      await sn.keyboard.press('ArrowRight');
      expect(await dialog.getByRole('radio', { name: 'العربية' }).isChecked()).toBe(true);
      const downloading = sn.waitForEvent('download', { timeout: 60_000 });
      await sn.keyboard.press('Tab');
      await sn.keyboard.press('Tab');
      await expect.poll(() => sn.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Download file');
      await sn.keyboard.press('Enter');
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      expect(download.suggestedFilename()).toMatch(/ar/);
      const bytes = await readFile((await download.path())!);
      const pages = await pdfPages(bytes);
      const all = pages.join('\n');
      // Legal services under its Arabic headings; "CPC 861" kept as one left-to-right unit, not "861 CPC".
      expect(all).toContain('القانونية');
      expect(all).toContain('(CPC');
      expect(all).not.toContain('861 CPC');
      await dialog.waitFor({ state: 'hidden' });
    } catch (error) {
      await screenshotOnFailure('documents-export-ar', [sn]);
      throw error;
    }
  });
});

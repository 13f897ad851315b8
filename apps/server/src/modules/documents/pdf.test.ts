import { describe, expect, it } from 'vitest';
import { buildOfferDocument } from '../../../test/offer-factory.js';
import { pdfPages, stripBidi } from '../../../test/read-back.js';
import { must } from '../../../test/must.js';
import { classification } from '../sectors/classification.js';
import { buildLayout } from './layout.js';
import { gluedRows, renderPdf } from './pdf.js';

/** Every W/120 item scheduled, a heading every few entries; `shift` lines of opening statement move the page feet. */
async function everyItem(shift: number) {
  const { w120 } = await classification();
  const parents = new Set(w120.map((r) => r.parent));
  const items = w120.filter((r) => !parents.has(r.code));
  const doc = buildOfferDocument(items.length);
  doc.description = Array.from({ length: shift }, (_, i) => `<p>Line ${i + 1} of the opening statement.</p>`).join('');
  items.forEach((row, i) => {
    doc.sectors[i] = {
      ...must(doc.sectors[i]),
      services: [{ title: row.title_en, value: row.code, key: `W120:${row.code}` }],
      codes: [row.code],
      provisional_codes: [],
    };
  });
  return buildLayout({
    document: doc,
    language: 'en',
    kind: 'revised',
    country: { name: 'Kenya', english: 'Kenya' },
    version: 1,
    date: new Date('2026-12-01T00:00:00Z'),
    titles: new Map(w120.map((r) => [`W120:${r.code}`, r.title_en])),
  });
}

describe('sector and subsector headings in the PDF', () => {
  it('binds heading rows to the row they head, unless that row is too long to be sure of fitting a page', async () => {
    const layout = await everyItem(0);
    const rows = gluedRows(layout.sectors);
    // "1. BUSINESS SERVICES", "A. Professional Services", "a) Legal Services": one unbreakable cell over the three.
    expect(rows.slice(0, 4).map((r) => r.glue)).toEqual([3, 0, 0, 1]);
    const long = { ...layout.sectors, rows: layout.sectors.rows.slice(0, 3) };
    long.rows[2] = [{ lines: Array.from({ length: 40 }, () => ({ text: 'A limitation written at length.' })) }];
    expect(gluedRows(long).map((r) => r.glue)).toEqual([2, 0, 1]);
  });

  // Without the binding, 3 of the 12 pages of the first shift end on a heading.
  it('never leaves a heading alone at the foot of a page', async () => {
    let headings = 0;
    for (const shift of [0, 1, 2, 3]) {
      const pages = pdfPages(await renderPdf(await everyItem(shift))).map(stripBidi);
      expect(pages.length).toBeGreaterThan(5);
      pages.slice(0, -1).forEach((page, n) => {
        const lines = page.split('\n').filter((l) => l.trim() && !/^\s*\d+ ?\/ ?\d+\s*$/.test(l));
        // A heading line holds the heading alone; an entry's first line has its modes beside it ("1) Unbound*").
        const isHeading = (l: string) => /^\s*(\d+|[A-Z])\. \S/.test(l) && !/\d\) /.test(l);
        headings += lines.filter(isHeading).length;
        expect(isHeading(lines.at(-1) ?? ''), `shift ${shift}, page ${n + 1} ends with "${lines.at(-1)}"`).toBe(false);
      });
    }
    expect(headings).toBeGreaterThan(100);
  });
});

describe('table titles in the PDF', () => {
  // Without the binding (sticky), these openings leave "MFN exemptions", "Sector-specific commitments" and
  // "Horizontal commitments" alone at the foot of a page.
  it('keeps each table title with its table', async () => {
    for (const shift of [29, 46, 50]) {
      const doc = buildOfferDocument(20);
      doc.description = Array.from({ length: shift }, (_, i) => `<p>Line ${i + 1} of the opening statement.</p>`).join(
        '',
      );
      const layout = buildLayout({
        document: doc,
        language: 'en',
        kind: 'revised',
        country: { name: 'Kenya', english: 'Kenya' },
        version: 1,
        date: new Date('2026-12-01T00:00:00Z'),
        titles: new Map(),
      });
      const pages = pdfPages(await renderPdf(layout)).map(stripBidi);
      pages.slice(0, -1).forEach((page, n) => {
        const lines = page.split('\n').filter((l) => l.trim() && !/^\s*\d+ ?\/ ?\d+\s*$/.test(l));
        expect(lines.at(-1)?.trim(), `shift ${shift}, page ${n + 1}`).not.toMatch(
          /^(MFN exemptions|Sector-specific commitments|Horizontal commitments)$/,
        );
      });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { blankOfferDocument, blankRow, blankSector } from './template.js';
import { compareOffers, diffWords, entryCellText, richTextToPlain, sideSpans, type WordSpan } from './diff.js';
import type { OfferDocument, Sector } from './schema.js';

const service = (code: string, title: string) => ({ title, value: code, key: `key-${code}` });

function sector(id: string, ...services: { title: string; value: string; key: string }[]): Sector {
  return { ...blankSector(id), services };
}

const LEGAL = service('861', 'Legal services');
const ACCOUNTING = service('862', 'Accounting services');
const COURIER = service('7512', 'Courier services');

/** A sector with one entry of market access, mode 3, written out. */
function withLimitation(s: Sector, value: string, mode: 'crossBorder' | 'commercialPresence' = 'commercialPresence') {
  const c = s.sectorCommitement;
  return {
    ...s,
    sectorCommitement: { ...c, limitationsMA: { ...c.limitationsMA, [mode]: { ...c.limitationsMA[mode], value } } },
  };
}

function doc(sectors: Sector[], patch: Partial<OfferDocument> = {}): OfferDocument {
  return { ...blankOfferDocument(), sectors, ...patch };
}

const join = (spans: WordSpan[]) => spans.map((s) => s.text).join('');

describe('word diff inside a cell', () => {
  it('marks only the words that changed, keeping the rest and the spacing', () => {
    const spans = diffWords(
      'Foreign law firms must partner with a Kenyan firm.',
      'Foreign law firms may partner with a Kenyan firm.',
    );
    expect(spans).toEqual([
      { op: 'same', text: 'Foreign law firms ' },
      { op: 'del', text: 'must ' },
      { op: 'ins', text: 'may ' },
      { op: 'same', text: 'partner with a Kenyan firm.' },
    ]);
    expect(join(sideSpans(spans, 'before'))).toBe('Foreign law firms must partner with a Kenyan firm.');
    expect(join(sideSpans(spans, 'after'))).toBe('Foreign law firms may partner with a Kenyan firm.');
  });

  it('keeps punctuation with its word and never cuts a French or Arabic word', () => {
    const fr = diffWords("Néant, sauf l'exigence d'une licence.", "Néant, sauf l'exigence d'un agrément.");
    expect(fr.filter((s) => s.op !== 'same').map((s) => s.text.trim())).toEqual(["d'une licence.", "d'un agrément."]);
    const ar = diffWords(
      'يجب على الشركات الأجنبية الشراكة مع شركة محلية.',
      'يجوز للشركات الأجنبية الشراكة مع شركة محلية.',
    );
    expect(ar.filter((s) => s.op === 'del').map((s) => s.text.trim())).toEqual(['يجب على الشركات']);
    expect(ar.filter((s) => s.op === 'ins').map((s) => s.text.trim())).toEqual(['يجوز للشركات']);
    expect(join(sideSpans(ar, 'after'))).toBe('يجوز للشركات الأجنبية الشراكة مع شركة محلية.');
  });

  it('finds words inserted and deleted in the middle (longest common subsequence)', () => {
    const spans = diffWords('a b c d e', 'a c d x e');
    expect(spans.map((s) => [s.op, s.text.trim()])).toEqual([
      ['same', 'a'],
      ['del', 'b'],
      ['same', 'c d'],
      ['ins', 'x'],
      ['same', 'e'],
    ]);
  });

  it('an empty side is all inserted or all deleted; equal texts are one kept span', () => {
    expect(diffWords('', 'None')).toEqual([{ op: 'ins', text: 'None' }]);
    expect(diffWords('Unbound', '')).toEqual([{ op: 'del', text: 'Unbound' }]);
    expect(diffWords('None', 'None')).toEqual([{ op: 'same', text: 'None' }]);
  });

  it('diffs two very long different texts (3,000 words each) into the right result', () => {
    const long = (w: string) => Array.from({ length: 3000 }, (_, i) => `${w}${i}`).join(' ');
    const spans = diffWords(long('a'), long('b'));
    expect(join(sideSpans(spans, 'after'))).toBe(long('b'));
  });
});

describe('cell texts', () => {
  it('shows a fixed term in the chosen language, only when the whole value is that term', () => {
    const entry = { ...blankSector('s').sectorCommitement.limitationsMA.crossBorder, value: 'Unbound' };
    expect(entryCellText(entry, { lang: 'fr' })).toBe('Non consolidé');
    expect(entryCellText({ ...entry, value: 'Unbound except for X' }, { lang: 'fr' })).toBe('Unbound except for X');
    expect(entryCellText({ ...entry, value: 'None', isChecked: true, hasComment: true, comment: 'See note' })).toBe(
      'None [GATS+] (See note)',
    );
  });

  it('reads rich text as a reader sees it', () => {
    expect(richTextToPlain('<p>Land may be <strong>leased</strong>&nbsp;&amp; not owned.</p><p>Second</p>')).toBe(
      'Land may be leased & not owned.\nSecond',
    );
  });
});

describe('comparing two versions', () => {
  it('finds the changed word of a commitment and names its sector, block and mode', () => {
    const v1 = doc([withLimitation(sector('a', LEGAL), 'Foreign firms must partner with a local firm.')]);
    const v2 = doc([withLimitation(sector('a', LEGAL), 'Foreign firms may partner with a local firm.')]);
    const { changes, sectors } = compareOffers(v1, v2);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      kind: 'changed',
      block: 'limitationsMA',
      mode: 'commercialPresence',
      sectorLabel: '861 Legal services',
      sectorRow: 0,
      before: 'Foreign firms must partner with a local firm.',
      after: 'Foreign firms may partner with a local firm.',
    });
    expect(changes[0]?.spans.filter((s) => s.op === 'ins')).toEqual([{ op: 'ins', text: 'may ' }]);
    expect(sectors.map((s) => s.status)).toEqual(['changed']);
  });

  it('aligns a reordered sector by its services, whatever its id or place, and reads them in classification order', () => {
    const v1 = doc([sector('a', LEGAL), withLimitation(sector('b', COURIER), 'None')]);
    const v2 = doc([withLimitation(sector('x', COURIER), 'None'), sector('y', LEGAL)]);
    const { changes, sectors } = compareOffers(v1, v2);
    expect(changes).toEqual([]);
    // 861 before 7512, whatever order the second version was entered in.
    expect(sectors.map((s) => [s.beforeIndex, s.afterIndex, s.status])).toEqual([
      [0, 1, 'same'],
      [1, 0, 'same'],
    ]);
  });

  it('meets a sector by its id first, even when its services were edited', () => {
    const v1 = doc([withLimitation(sector('a', LEGAL), 'None'), withLimitation(sector('b', COURIER), 'Unbound')]);
    // Sector "a" now covers accounting instead of legal services; "b" is unchanged and entered first.
    const v2 = doc([withLimitation(sector('b', COURIER), 'Unbound'), withLimitation(sector('a', ACCOUNTING), 'None')]);
    const { sectors } = compareOffers(v1, v2);
    expect(sectors.map((s) => [s.beforeIndex, s.afterIndex])).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });

  it('meets sectors stored without ids by their services, whatever their order', () => {
    const v1 = doc([withLimitation(sector('', LEGAL), 'None'), withLimitation(sector('', COURIER), 'Unbound')]);
    const v2 = doc([withLimitation(sector('', COURIER), 'None'), withLimitation(sector('', LEGAL), 'None')]);
    const { changes } = compareOffers(v1, v2);
    expect(changes.map((c) => [c.sectorLabel, c.before, c.after])).toEqual([
      ['7512 Courier services', 'Unbound', 'None'],
    ]);
  });

  it('aligns each half of a split sector with the sector it came from', () => {
    const both = withLimitation(sector('a', LEGAL, ACCOUNTING), 'Unbound', 'crossBorder');
    const v2 = doc([
      withLimitation(sector('a', LEGAL), 'Unbound', 'crossBorder'),
      withLimitation(sector('b', ACCOUNTING), 'None', 'crossBorder'),
    ]);
    const { changes, sectors } = compareOffers(doc([both]), v2);
    expect(sectors.map((s) => [s.beforeIndex, s.afterIndex, s.label, s.status])).toEqual([
      [0, 0, '861 Legal services', 'same'],
      [0, 1, '862 Accounting services', 'changed'],
    ]);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ sectorRow: 1, mode: 'crossBorder', before: 'Unbound', after: 'None' });
  });

  it('shows a sector only in one version as added or removed, where it stood', () => {
    const v1 = doc([sector('a', LEGAL), sector('b', ACCOUNTING)]);
    const v2 = doc([sector('b', ACCOUNTING), sector('c', COURIER)]);
    const { changes, sectors } = compareOffers(v1, v2);
    expect(sectors.map((s) => [s.label, s.status])).toEqual([
      ['861 Legal services', 'removed'],
      ['862 Accounting services', 'same'],
      ['7512 Courier services', 'added'],
    ]);
    expect(changes.map((c) => [c.kind, c.block, c.sectorLabel])).toEqual([
      ['removed', 'sector', '861 Legal services'],
      ['added', 'sector', '7512 Courier services'],
    ]);
  });

  it('compares the horizontal section and the MFN exemptions row by row, an inserted row as added', () => {
    const row = (kind: 'horizontal' | 'mfn', ...texts: string[]) =>
      blankRow(kind).map((cell, i) => {
        const text = texts[i];
        return text === undefined ? cell : { ...cell, value: `<p>${text}</p>` };
      });
    const v1 = doc([], {
      geenralCommitement: [row('horizontal', 'All sectors', 'Land may be leased.')],
      geenralCommitementCon: [row('mfn', 'Road transport', 'Cabotage')],
    });
    const v2 = doc([], {
      geenralCommitement: [
        row('horizontal', 'Investment', 'Screening above 1 million.'),
        row('horizontal', 'All sectors', 'Land may be leased for 99 years.'),
      ],
      geenralCommitementCon: [row('mfn', 'Road transport', 'Cabotage')],
    });
    const { changes, horizontal, mfn } = compareOffers(v1, v2);
    expect(horizontal.map((p) => [p.status, p.beforeIndex, p.afterIndex])).toEqual([
      ['added', null, 0],
      ['changed', 0, 1],
    ]);
    expect(mfn.map((p) => p.status)).toEqual(['same']);
    // The row whose sector (first cell) is unchanged meets its former self; only its changed words are marked.
    expect(changes.map((c) => [c.block, c.kind, c.column])).toEqual([
      ['horizontal', 'added', null],
      ['horizontal', 'changed', 1],
    ]);
    expect(changes[1]?.spans.filter((s) => s.op === 'ins').map((s) => s.text.trim())).toEqual(['leased for 99 years.']);
  });

  it('shows the values in the chosen language', () => {
    const v1 = doc([withLimitation(sector('a', LEGAL), 'Unbound')]);
    const v2 = doc([withLimitation(sector('a', LEGAL), 'None')]);
    expect(compareOffers(v1, v2, { lang: 'ar' }).changes[0]).toMatchObject({ before: 'غير ملزم', after: 'لا يوجد' });
  });

  it("names a sector in the reader's language when titles are given", () => {
    const v1 = doc([withLimitation(sector('a', LEGAL), 'Unbound')]);
    const v2 = doc([withLimitation(sector('a', LEGAL), 'None')]);
    const french = compareOffers(v1, v2, {
      serviceTitle: (s) => (s.value === '861' ? 'Services juridiques' : s.title),
    });
    expect(french.sectors[0]?.label).toBe('861 Services juridiques');
    expect(french.changes[0]?.sectorLabel).toBe('861 Services juridiques');
  });

  it('ignores the flags a client wrote: only content counts', () => {
    const flagged = sector('a', LEGAL);
    flagged.changed = true;
    flagged.sectorCommitement.limitationsMA.crossBorder.edited = true;
    expect(compareOffers(doc([sector('a', LEGAL)]), doc([flagged])).changes).toEqual([]);
  });
});

/**
 * The rows of a schedule of specific commitments in the WTO layout (S/L/92), built once from a stored offer document
 * and drawn by each format (pdf.ts, docx.ts, xlsx.ts), so that the three files hold the same rows.
 * Every text here is final: in the document's language, codes isolated left to right and user text isolated in its
 * own direction (Unicode isolates, DESIGN.md section 11).
 */
import {
  alignSectors,
  MODES_OF_SUPPLY,
  hasRtl,
  scheduleItems,
  isolateAuto,
  isolateCodes,
  isolateLtr,
  stripIsolates,
  storedTextToPlain,
  sectorCpcText,
  type CommitmentEntry,
  type Language,
  type LimitationBlock,
  type OfferDocument,
  type TableCell,
} from '@portal/shared';
import { KIND_SLUG, WORDS, kindLabel, term, type DocumentKind } from './labels.js';
import { storedTextBlocks, richTextToBlocks, type TextRun } from './rich-text.js';
import { UNTRANSLATED_MARK, userTextReader } from './user-text.js';

/** One line of a cell; `style` says how to set it (the changed value of a counter offer, the original beside it). */
export interface LayoutLine {
  text: string;
  style?: 'strong' | 'note' | 'changed' | 'was';
  /** The line's styled pieces, when it has any (bold, italics… of rich text); `text` is their plain reading. */
  runs?: TextRun[];
  /** A heading of rich text, by level (1–6). */
  heading?: number;
  /** A list item, by depth (1 for a top-level item). */
  indent?: number;
}

export interface LayoutCell {
  lines: LayoutLine[];
  /** Columns spanned (1 when absent). */
  span?: number;
  bold?: boolean;
  /**
   * A row of its own naming the W/120 sector ("1. BUSINESS SERVICES") or subsector ("A. Professional Services") of
   * the rows under it, as WTO schedules print them; it spans the table and stays with the row it heads.
   */
  heading?: boolean;
}

type LayoutRow = LayoutCell[];

export interface LayoutTable {
  title: string;
  columns: string[];
  rows: LayoutRow[];
}

export interface ScheduleLayout {
  language: Language;
  direction: 'ltr' | 'rtl';
  /** "KENYA — SCHEDULE OF SPECIFIC COMMITMENTS" */
  heading: string;
  /** Conditional initial offer, Revised offer, Final offer, Counter offer by … */
  kind: string;
  /** Version, and the date of the document. */
  meta: string[];
  /** The offer's own title, as written. */
  title: string;
  opening: { title: string; paragraphs: LayoutLine[] } | null;
  legend: { title: string; modes: string[] };
  horizontal: LayoutTable;
  sectors: LayoutTable;
  mfn: LayoutTable;
  footnote: string;
  /** A line explaining the marks of a counter offer, or null. */
  changesNote: string | null;
  /** A line explaining the mark of texts left in their original language, or null when there is none. */
  untranslatedNote: string | null;
  /** File name without extension: country, kind, version and language. */
  fileBase: string;
  /** Number of sectors (for the limits and the benchmark). */
  sectorCount: number;
}

/** What the caller knows about the document beside its content. */
export interface LayoutSource {
  document: OfferDocument;
  /** For a counter offer: the version it answers, to mark each changed entry beside the original. */
  original?: OfferDocument | null;
  language: Language;
  kind: DocumentKind;
  /** The schedule's country in the document's language, and in English for the file name. */
  country: { name: string; english: string };
  /** The country that made a counter offer. */
  counterCountry?: { name: string; english: string } | null;
  /** The version shown (or answered by a counter offer); null for a working draft. */
  version: number | null;
  date: Date;
  /** Service titles of the classification in the document's language, by service key ('W120:1.A.a'). */
  titles: ReadonlyMap<string, string>;
}

const MODE_TERMS = [
  'Cross-border supply',
  'Consumption abroad',
  'Commercial presence',
  'Presence of natural persons',
] as const;

/** ASCII words for a file name: "Côte d'Ivoire" → "Cote-d-Ivoire". */
export function fileWord(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'offer'
  );
}

export function buildLayout(source: LayoutSource): ScheduleLayout {
  const { document: doc, language } = source;
  const words = WORDS[language];
  const direction = language === 'ar' ? 'rtl' : 'ltr';
  /** Isolates kept only where they matter: in a right-to-left document, or a text holding right-to-left letters. */
  const finish = (text: string) => (direction === 'ltr' && !hasRtl(text) ? stripIsolates(text) : text);
  /** A label of ours, codes isolated. */
  const label = (text: string) => finish(isolateCodes(text));
  /** Text a user wrote: a standard phrase in the document's language, else as written, isolated (user-text.ts). */
  const reader = userTextReader(language, direction);
  const userText = (text: string) => reader.text(text);
  /** Stored text (rich or plain) as lines that keep their styles. */
  const storedLines = (text: string, style?: LayoutLine['style']): LayoutLine[] =>
    storedTextBlocks(text).map((b) => ({ ...reader.block(b), ...(style ? { style } : {}) }));
  const richLines = (html: string): LayoutLine[] => richTextToBlocks(html).map((b) => reader.block(b));
  const modeCode = (i: number) => isolateLtr(`${i + 1})`);

  const entryText = (e: CommitmentEntry | undefined): string => {
    if (!e) return '';
    const level = e.value ? userText(storedTextToPlain(e.value)) : '';
    const marks = [e.isChecked && words.gatsPlus, e.isCheckedLiberation && words.afcftaPlus].filter(Boolean);
    const comment = e.hasComment && e.comment ? `(${userText(storedTextToPlain(e.comment))})` : '';
    return [level || '—', marks.length ? `[${marks.join(', ')}]` : '', comment].filter(Boolean).join(' ');
  };
  const sameEntry = (a: CommitmentEntry, b: CommitmentEntry | undefined) =>
    !!b && a.value === b.value && (a.hasComment && a.comment) === (b.hasComment && b.comment);

  const blockCell = (block: LimitationBlock, original: LimitationBlock | undefined): LayoutCell => {
    const lines: LayoutLine[] = [];
    MODES_OF_SUPPLY.forEach((mode, i) => {
      const text = finish(`${modeCode(i)} ${entryText(block[mode])}`);
      const before = original?.[mode];
      if (original && !sameEntry(block[mode], before)) {
        lines.push({ text, style: 'changed' });
        lines.push({ text: finish(`${words.was} ${entryText(before)}`), style: 'was' });
      } else lines.push({ text });
    });
    if (block.comment) lines.push(...storedLines(block.comment, 'note'));
    return { lines };
  };

  const counter = source.kind === 'counter';
  // Each sector of a counter offer meets the sector it answers by identity (stored id, else its services), as the
  // comparison screens align them — never by position, which pairs wrongly once either side is reordered.
  const originals = new Map<number, OfferDocument['sectors'][number]>();
  if (counter && source.original)
    for (const pair of alignSectors(source.original.sectors, doc.sectors))
      if (pair.afterIndex !== null && pair.before && !originals.has(pair.afterIndex))
        originals.set(pair.afterIndex, pair.before);

  // Sectors in classification order (the stored order is the order of entry), under the W/120 sector and subsector
  // headings a reader of a WTO schedule expects; an entry under its headings is named by its last segment ("a)").
  const sectorRows: LayoutRow[] = [];
  const w120Title = (code: string) => source.titles.get(`W120:${code}`);
  const headingRow = (mark: string, title: string): LayoutRow => [
    {
      lines: [{ text: finish(`${isolateLtr(mark)} ${isolateAuto(title)}`), style: 'strong' }],
      span: 4,
      bold: true,
      heading: true,
    },
  ];
  for (const item of scheduleItems(doc.sectors, (code) => w120Title(code) !== undefined)) {
    if (item.kind === 'heading') {
      sectorRows.push(headingRow(item.mark, w120Title(item.code)!));
      continue;
    }
    const { index, marks } = item;
    const sector = doc.sectors[index]!;
    const before = counter ? (originals.get(index) ?? null) : null;
    const first: LayoutLine[] = [];
    // "CPC Prov. 861, 862" is one left-to-right unit, quoted as such in every script; its label says which CPC.
    const codes = sectorCpcText(sector);
    const cpc = codes ? isolateLtr(`(${codes})`) : '';
    sector.services.forEach((service, i) => {
      const title = source.titles.get(service.key) ?? service.title;
      const mark = marks[i];
      const code = mark ? `${isolateLtr(mark)} ` : '';
      // One service: its CPC codes follow its title, "a) Legal Services (CPC Prov. 861)".
      const after = cpc && sector.services.length === 1 ? ` ${cpc}` : '';
      first.push({
        text: finish(`${code}${title ? isolateAuto(title) : ''}${after}`),
        ...(i === 0 ? { style: 'strong' } : {}),
      });
    });
    if (first.length === 0) first.push({ text: label(words.noService), style: 'strong' });
    if (cpc && sector.services.length !== 1) first.push({ text: finish(cpc) });
    const c = sector.sectorCommitement;
    const additional = storedLines(c.additionalCommitment.commitment);
    if (c.additionalCommitment.comment) additional.push(...storedLines(c.additionalCommitment.comment, 'note'));
    const beforeAdditional = before?.sectorCommitement.additionalCommitment.commitment ?? '';
    if (before && beforeAdditional !== c.additionalCommitment.commitment) {
      additional.forEach((l) => (l.style = 'changed'));
      const was = storedTextBlocks(beforeAdditional).map((b) => userText(b.text));
      additional.push({ text: finish(`${words.was} ${was.join(' ') || '—'}`), style: 'was' });
    }
    sectorRows.push([
      { lines: first },
      blockCell(c.limitationsMA, before?.sectorCommitement.limitationsMA),
      blockCell(c.limitationsOnNationalTreatment, before?.sectorCommitement.limitationsOnNationalTreatment),
      { lines: additional },
    ]);
  }

  const tableRows = (rows: TableCell[][], width: number): LayoutRow[] => {
    const out = rows.map((row) =>
      row.map((cell) => ({
        lines: richLines(cell.value),
        ...(cell.style.cols && cell.style.cols > 1 ? { span: Math.min(cell.style.cols, width) } : {}),
        ...(cell.style.weight === 'bold' ? { bold: true } : {}),
      })),
    );
    return out.length ? out : [[{ lines: [{ text: label(words.noRows) }], span: width }]];
  };

  const columns = [
    term('Sector or subsector', language),
    term('Limitations on market access', language),
    term('Limitations on national treatment', language),
    term('Additional commitments', language),
  ];
  const version =
    source.version === null ? words.draft : counter ? words.answering(source.version) : words.version(source.version);
  const date = new Intl.DateTimeFormat(`${language}-u-nu-latn`, { dateStyle: 'long', timeZone: 'UTC' }).format(
    source.date,
  );
  const countryWord = fileWord(source.country.english);
  const kindWord = counter
    ? `${KIND_SLUG.counter}-by-${fileWord(source.counterCountry?.english ?? '')}`
    : KIND_SLUG[source.kind];
  const versionWord = source.version === null ? 'draft' : `v${source.version}`;
  const opening = richLines(doc.description);
  const horizontalRows = tableRows(doc.geenralCommitement, 4);
  const mfnRows = tableRows(doc.geenralCommitementCon, 5);

  return {
    language,
    direction,
    heading: label(words.heading(isolateAuto(source.country.name))),
    kind: label(kindLabel(source.kind, language, isolateAuto(source.counterCountry?.name ?? ''))),
    meta: [label(version), label(words.date(isolateLtr(date)))],
    title: doc.name ? finish(isolateAuto(isolateCodes(doc.name))) : '',
    opening: opening.length ? { title: label(words.openingStatement), paragraphs: opening } : null,
    legend: {
      title: label(term('Modes of supply', language)),
      modes: MODE_TERMS.map((m, i) => finish(`${modeCode(i)} ${term(m, language)}`)),
    },
    horizontal: {
      title: label(term('Horizontal commitments', language)),
      columns,
      rows: horizontalRows,
    },
    sectors: {
      title: label(words.sectorSection),
      columns,
      rows: sectorRows.length ? sectorRows : [[{ lines: [{ text: label(words.noRows) }], span: 4 }]],
    },
    mfn: {
      title: label(term('MFN exemptions', language)),
      columns: words.mfn.map((c) => label(c)),
      rows: mfnRows,
    },
    footnote: label(words.footnote),
    changesNote: counter ? label(words.changesNote) : null,
    untranslatedNote: reader.untranslated > 0 ? label(`${UNTRANSLATED_MARK} ${words.untranslatedNote}`) : null,
    fileBase: `${countryWord}-${kindWord}-${versionWord}-${language}`,
    sectorCount: doc.sectors.length,
  };
}

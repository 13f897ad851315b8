/**
 * Two states of a schedule compared, as a document: two submitted versions of an offer, or a counter offer against
 * the version it answers. The changes come from the shared diff (packages/shared offers/diff.ts), the one the
 * comparison screens show, aligned by sector and mode; each row says where the change is and shows the words deleted
 * and inserted.
 */
import {
  compareOffers,
  hasRtl,
  isolateAuto,
  isolateCodes,
  isolateLtr,
  sideSpans,
  stripIsolates,
  type Language,
  type OfferChange,
  type OfferDocument,
  type WordSpan,
} from '@portal/shared';
import { WORDS, term } from './labels.js';
import { fileWord } from './layout.js';

interface ComparisonRow {
  where: string;
  kind: OfferChange['kind'];
  before: WordSpan[];
  after: WordSpan[];
}

export interface ComparisonLayout {
  language: Language;
  direction: 'ltr' | 'rtl';
  heading: string;
  kind: string;
  meta: string[];
  legend: { deleted: string; inserted: string };
  columns: [string, string, string];
  rows: ComparisonRow[];
  summary: string;
  fileBase: string;
}

const COMPARE_WORDS: Record<
  Language,
  {
    versions: (a: number, b: number) => string;
    counter: (country: string, version: number) => string;
    where: string;
    before: (label: string) => string;
    after: (label: string) => string;
    version: (n: number) => string;
    counterOffer: string;
    deleted: string;
    inserted: string;
    count: (n: number) => string;
    row: (n: number) => string;
    added: string;
    removed: string;
  }
> = {
  en: {
    versions: (a, b) => `Comparison of version ${a} and version ${b}`,
    counter: (c, v) => `Counter offer by ${c} compared with version ${v}`,
    where: 'Where',
    before: (l) => `Before (${l})`,
    after: (l) => `After (${l})`,
    version: (n) => `version ${n}`,
    counterOffer: 'counter offer',
    deleted: 'Deleted words are struck through in red.',
    inserted: 'Inserted words are underlined in green.',
    count: (n) => (n === 1 ? '1 change' : `${n} changes`),
    row: (n) => `row ${n}`,
    added: 'added',
    removed: 'removed',
  },
  fr: {
    versions: (a, b) => `Comparaison de la version ${a} et de la version ${b}`,
    counter: (c, v) => `Contre-offre présentée par : ${c}, comparée à la version ${v}`,
    where: 'Emplacement',
    before: (l) => `Avant (${l})`,
    after: (l) => `Après (${l})`,
    version: (n) => `version ${n}`,
    counterOffer: 'contre-offre',
    deleted: 'Les mots supprimés sont barrés en rouge.',
    inserted: 'Les mots ajoutés sont soulignés en vert.',
    count: (n) => (n <= 1 ? `${n} modification` : `${n} modifications`),
    row: (n) => `ligne ${n}`,
    added: 'ajouté',
    removed: 'supprimé',
  },
  ar: {
    versions: (a, b) => `مقارنة الإصدار ${a} بالإصدار ${b}`,
    counter: (c, v) => `العرض المضاد المقدَّم من ${c} مقارنةً بالإصدار ${v}`,
    where: 'الموضع',
    before: (l) => `قبل (${l})`,
    after: (l) => `بعد (${l})`,
    version: (n) => `الإصدار ${n}`,
    counterOffer: 'العرض المضاد',
    deleted: 'الكلمات المحذوفة مشطوبة باللون الأحمر.',
    inserted: 'الكلمات المضافة مسطَّرة باللون الأخضر.',
    count: (n) => `عدد التعديلات: ${n}`,
    row: (n) => `الصف ${n}`,
    added: 'مضاف',
    removed: 'محذوف',
  },
};

const MODE_TERMS = {
  crossBorder: 'Cross-border supply',
  consumptionAbroad: 'Consumption abroad',
  commercialPresence: 'Commercial presence',
  presenceOfNaturalPersons: 'Presence of natural persons',
} as const;
const MODE_NUMBER = { crossBorder: 1, consumptionAbroad: 2, commercialPresence: 3, presenceOfNaturalPersons: 4 };

interface ComparisonSource {
  before: OfferDocument;
  after: OfferDocument;
  language: Language;
  country: { name: string; english: string };
  /** Two versions, or a counter offer (by a country) against the version it answers. */
  versions: { from: number; to: number } | { counterCountry: { name: string; english: string }; version: number };
  date: Date;
  titles: ReadonlyMap<string, string>;
}

export function buildComparison(source: ComparisonSource): ComparisonLayout {
  const { language } = source;
  const words = WORDS[language];
  const cw = COMPARE_WORDS[language];
  const direction = language === 'ar' ? 'rtl' : 'ltr';
  const finish = (text: string) => (direction === 'ltr' && !hasRtl(text) ? stripIsolates(text) : text);
  const label = (text: string) => finish(isolateCodes(text));
  const comparison = compareOffers(source.before, source.after, {
    lang: language,
    marks: { gats: words.gatsPlus, afcfta: words.afcftaPlus },
    serviceTitle: (s) => source.titles.get(s.key) ?? s.title,
  });

  const blockName: Record<OfferChange['block'], string> = {
    description: words.openingStatement,
    horizontal: term('Horizontal commitments', language),
    sector: words.sectorSection,
    limitationsMA: term('Limitations on market access', language),
    limitationsOnNationalTreatment: term('Limitations on national treatment', language),
    additionalCommitment: term('Additional commitments', language),
    mfn: term('MFN exemptions', language),
  };
  const where = (c: OfferChange): string => {
    const parts: string[] = [];
    if (c.sectorLabel) parts.push(isolateAuto(isolateCodes(c.sectorLabel)));
    parts.push(blockName[c.block]);
    if (c.row !== null && (c.block === 'horizontal' || c.block === 'mfn')) parts.push(cw.row(c.row + 1));
    if (c.mode) parts.push(`${isolateLtr(`${MODE_NUMBER[c.mode]})`)} ${term(MODE_TERMS[c.mode], language)}`);
    if (c.kind !== 'changed') parts.push(c.kind === 'added' ? cw.added : cw.removed);
    return finish(isolateCodes(parts.join(' — ')));
  };
  /** The words of one side, isolated as one user text (codes inside kept left to right). */
  const side = (spans: WordSpan[]): WordSpan[] =>
    spans.map((s, i) => {
      const text = isolateCodes(s.text);
      const opened = i === 0 ? `\u2068${text}` : text;
      return { op: s.op, text: finish(i === spans.length - 1 ? `${opened}\u2069` : opened) };
    });
  const rows = comparison.changes.map((c) => ({
    where: where(c),
    kind: c.kind,
    before: side(sideSpans(c.spans, 'before')),
    after: side(sideSpans(c.spans, 'after')),
  }));

  const counter = 'counterCountry' in source.versions ? source.versions : null;
  const range = 'from' in source.versions ? source.versions : null;
  const date = new Intl.DateTimeFormat(`${language}-u-nu-latn`, { dateStyle: 'long', timeZone: 'UTC' }).format(
    source.date,
  );
  return {
    language,
    direction,
    heading: label(words.heading(isolateAuto(source.country.name))),
    kind: label(
      counter
        ? cw.counter(isolateAuto(counter.counterCountry.name), counter.version)
        : cw.versions(range!.from, range!.to),
    ),
    meta: [label(words.date(isolateLtr(date)))],
    legend: { deleted: label(cw.deleted), inserted: label(cw.inserted) },
    columns: [
      label(cw.where),
      label(cw.before(counter ? cw.version(counter.version) : cw.version(range!.from))),
      label(cw.after(counter ? cw.counterOffer : cw.version(range!.to))),
    ],
    rows,
    summary: label(cw.count(rows.length)),
    fileBase: counter
      ? `${fileWord(source.country.english)}-comparison-counter-offer-by-${fileWord(counter.counterCountry.english)}-v${counter.version}-${language}`
      : `${fileWord(source.country.english)}-comparison-v${range!.from}-v${range!.to}-${language}`,
  };
}

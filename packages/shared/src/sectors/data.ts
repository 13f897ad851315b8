import { parseCsvRecords } from '../csv.js';
import { parseProvisionalCodes } from './codes.js';
import type { ConcordanceRow, CpcRow, W120Row } from './types.js';

/** The reference data behind the three trees, as loaded from data/reference (the server reads the files). */
export interface Classification {
  w120: W120Row[];
  cpcProv: CpcRow[];
  cpc21: CpcRow[];
  /** W/120 code → its concordance row (leaves only). */
  concordance: Map<string, ConcordanceRow>;
}

/** The CSV texts of data/reference: w120.csv, cpc-prov.csv, cpc21.csv, w120-cpc21.csv. */
interface ClassificationTexts {
  w120: string;
  cpcProv: string;
  cpc21: string;
  concordance: string;
}

const CPC_LEVELS = ['section', 'division', 'group', 'class', 'subclass'] as const;

/**
 * The records of one reference file, read by the columns named. A required column its header lacks is a problem (its
 * cells read as empty), so that loading fails naming the file and the column rather than passing undefined on as
 * text; an optional column it lacks reads as empty.
 */
function recordsOf<Column extends string>(
  file: string,
  text: string,
  problems: string[],
  required: readonly Column[],
  optional: readonly Column[] = [],
): Record<Column, string>[] {
  const records = parseCsvRecords(text);
  const [first] = records;
  if (first) for (const c of required) if (!(c in first)) problems.push(`${file}: no column ${c}`);
  const columns = [...required, ...optional];
  // Every column named is given a value, so the entries make the whole record.
  return records.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? ''])) as Record<Column, string>);
}

const CPC_COLUMNS = ['code', 'level', 'parent', 'title_en', 'source'] as const;

/** Parses and cross-checks the four files. Throws with every problem listed when they do not agree. */
export function loadClassification(texts: ClassificationTexts): Classification {
  const problems: string[] = [];
  const w120 = recordsOf(
    'w120',
    texts.w120,
    problems,
    ['code', 'level', 'parent', 'title_en', 'cpc_prov', 'source'],
    ['title_fr', 'title_ar'],
  ).map((r): W120Row => ({
    code: r.code,
    level: Number(r.level),
    parent: r.parent,
    title_en: r.title_en,
    title_fr: r.title_fr,
    title_ar: r.title_ar,
    cpc_prov: r.cpc_prov,
    source: r.source,
  }));
  const toCpc = (r: Record<(typeof CPC_COLUMNS)[number], string>): CpcRow => ({
    code: r.code,
    level: r.level as CpcRow['level'],
    parent: r.parent,
    title_en: r.title_en,
    source: r.source,
  });
  const cpcProv = recordsOf('cpc-prov', texts.cpcProv, problems, CPC_COLUMNS).map(toCpc);
  const cpc21 = recordsOf('cpc21', texts.cpc21, problems, CPC_COLUMNS).map(toCpc);
  const concordance = new Map<string, ConcordanceRow>();
  for (const r of recordsOf('concordance', texts.concordance, problems, ['w120', 'cpc21', 'precision', 'note'])) {
    concordance.set(r.w120, {
      w120: r.w120,
      cpc21: r.cpc21 ? r.cpc21.split('+').map((c) => c.trim()) : [],
      precision: r.precision as ConcordanceRow['precision'],
      note: r.note,
    });
  }

  const w120Codes = new Set<string>();
  for (const row of w120) {
    if (w120Codes.has(row.code)) problems.push(`w120: duplicate code ${row.code}`);
    w120Codes.add(row.code);
    if (!row.title_en) problems.push(`w120: ${row.code} has no English title`);
    if (row.level > 1 && !w120Codes.has(row.parent))
      problems.push(`w120: ${row.code} comes before its parent ${row.parent}`);
    try {
      parseProvisionalCodes(row.cpc_prov);
    } catch (e) {
      problems.push(`w120: ${(e as Error).message}`);
    }
  }
  for (const [name, rows] of [
    ['cpc-prov', cpcProv],
    ['cpc21', cpc21],
  ] as const) {
    const codes = new Set(rows.map((r) => r.code));
    if (codes.size !== rows.length) problems.push(`${name}: duplicate codes`);
    for (const r of rows) {
      if (!CPC_LEVELS.includes(r.level)) problems.push(`${name}: ${r.code} has unknown level ${r.level}`);
      if (r.parent && !codes.has(r.parent)) problems.push(`${name}: ${r.code} has unknown parent ${r.parent}`);
      if (r.parent && !r.code.startsWith(r.parent)) problems.push(`${name}: ${r.code} is not under ${r.parent}`);
    }
  }
  const cpc21Codes = new Set(cpc21.map((r) => r.code));
  for (const c of concordance.values()) {
    if (!w120Codes.has(c.w120)) problems.push(`concordance: unknown W/120 code ${c.w120}`);
    for (const code of c.cpc21)
      if (!cpc21Codes.has(code)) problems.push(`concordance: ${c.w120} → unknown CPC 2.1 code ${code}`);
    if (c.cpc21.length === 0 && !c.note) problems.push(`concordance: ${c.w120} has neither a CPC 2.1 code nor a note`);
  }
  if (problems.length) throw new Error(`Reference data does not agree:\n${problems.join('\n')}`);
  return { w120, cpcProv, cpc21, concordance };
}

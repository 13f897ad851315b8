import { parseProvisionalCodes } from './codes.js';
import type { Classification } from './data.js';
import { parseSectorScheme, type SectorLanguage, type SectorScheme, type W120Row } from './types.js';

/** A sector group of the editor (spec: "1 Business … 11 Transport"), read from the W/120 sectors. */
export interface SectorGroup {
  /** The code prefix: `1` … `12`. */
  prefix: string;
  /** Short label, the first word of the sector's title: Business, Communication, … Transport. */
  label: string;
  /** Full sector titles by language (English fallback). */
  titles: Record<SectorLanguage, string>;
}

/**
 * The sector groups, derived from the level-1 rows of W/120 (no second list to keep in step).
 * W/120 has a 12th sector, "Other services not included elsewhere"; it is kept, labelled Other.
 */
export function sectorGroups(rows: readonly W120Row[]): SectorGroup[] {
  return rows
    .filter((r) => r.level === 1)
    .map((r) => ({
      prefix: r.code,
      label: capitalise(r.title_en.split(/[\s,]+/)[0] ?? ''),
      titles: {
        en: sentenceCase(r.title_en),
        fr: sentenceCase(r.title_fr || r.title_en),
        ar: r.title_ar || sentenceCase(r.title_en),
      },
    }));
}

/** The group prefix of a W/120 code (`1.A.a` → `1`, `11.F` → `11`); null when it is not a W/120 code. */
export function sectorGroupPrefix(w120Code: string): string | null {
  return /^(\d{1,2})(?:\.|$)/.exec(w120Code.trim())?.[1] ?? null;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** "BUSINESS SERVICES" → "Business services"; a title already in mixed case is left alone. */
function sentenceCase(title: string): string {
  const cut = title.indexOf('(');
  const head = cut === -1 ? title : title.slice(0, cut);
  if (head !== head.toUpperCase()) return title;
  const lower = head.toLocaleLowerCase('fr');
  return lower.charAt(0).toLocaleUpperCase('fr') + lower.slice(1) + (cut === -1 ? '' : title.slice(cut));
}

/** The fallback group of a sector whose services correspond to no W/120 sector (shown as "Other services"). */
export const OTHER_SECTOR_GROUP = 'other';

/**
 * The W/120 sector (`1` … `12`) a code of any scheme corresponds to, or null when none does. A W/120 code is read
 * from its prefix; a CPC code goes through the W/120 items that cite it: the provisional codes W/120 writes beside
 * each item (CPC Prov) or the W/120 ↔ CPC 2.1 concordance (CPC 2.1). Never the CPC code's own first digits: CPC 641
 * (hotels) is W/120 sector 9, not 6.
 */
export type W120GroupOf = (scheme: SectorScheme, code: string) => string | null;

/** Builds W120GroupOf from the reference data (once; each call is then a scan of about 300 cited codes). */
export function w120GroupIndex(data: Pick<Classification, 'w120' | 'concordance'>): W120GroupOf {
  const prov: [string, string][] = [];
  const cpc21: [string, string][] = [];
  for (const row of data.w120) {
    const group = sectorGroupPrefix(row.code);
    if (!group) continue;
    let codes: string[] = [];
    try {
      codes = parseProvisionalCodes(row.cpc_prov).codes;
    } catch {
      // loadClassification reports a cell outside the grammar; it cites nothing here
    }
    for (const c of codes) prov.push([c, group]);
    for (const c of data.concordance.get(row.code)?.cpc21 ?? []) cpc21.push([c, group]);
  }
  return (scheme, code) => {
    if (scheme === 'W120') return sectorGroupPrefix(code);
    const digits = /^\s*(\d+)/.exec(code)?.[1];
    return digits ? groupOfCpc(scheme === 'CPC_PROV' ? prov : cpc21, digits) : null;
  };
}

/**
 * The cited code that holds the code (equal or broader, the longest first) names its group; else, for a code broader
 * than the cited ones (a CPC section or division), the group most of the codes under it belong to, the lower number
 * on a tie.
 */
function groupOfCpc(cited: readonly [string, string][], code: string): string | null {
  let best: [string, string] | null = null;
  for (const entry of cited) if (code.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  if (best) return best[1];
  const counts = new Map<string, number>();
  for (const [c, g] of cited) if (c.startsWith(code)) counts.set(g, (counts.get(g) ?? 0) + 1);
  let group: string | null = null;
  for (const [g, n] of counts) {
    const m = group === null ? -1 : counts.get(group)!;
    if (n > m || (n === m && Number(g) < Number(group))) group = g;
  }
  return group;
}

/**
 * The editor's group of a sector: the W/120 sector its services correspond to (the first service that corresponds to
 * one), OTHER_SECTOR_GROUP when none does, null while it has no service. `groupOf` answers for a service's code in the
 * sector's scheme (w120GroupIndex on the server; the `group` of the service-tree nodes in the browser).
 */
export function sectorGroupOf(
  sector: { type: string; services: readonly { value: string }[] },
  groupOf: W120GroupOf,
): string | null {
  if (sector.services.length === 0) return null;
  const scheme = parseSectorScheme(sector.type) ?? 'W120';
  for (const s of sector.services) {
    const g = groupOf(scheme, s.value);
    if (g) return g;
  }
  return OTHER_SECTOR_GROUP;
}

/** Sorts group keys as the editor lists them: 1 … 12, then "Other services", then the sectors still to choose. */
export function compareSectorGroups(a: string | null, b: string | null): number {
  const rank = (g: string | null) => (g === null ? 1e6 : g === OTHER_SECTOR_GROUP ? 1e5 : Number(g) || 1e4);
  return rank(a) - rank(b);
}

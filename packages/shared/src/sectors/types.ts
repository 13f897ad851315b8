/** The three code schemes a sector can be scheduled under (spec sections 3 and 5). */
export const SECTOR_SCHEMES = ['W120', 'CPC_PROV', 'CPC21'] as const;
export type SectorScheme = (typeof SECTOR_SCHEMES)[number];

/**
 * The wire value of a sector's `type` for each scheme. The spec's default is `W_120`; the other two are ours.
 * `parseSectorScheme` accepts either spelling.
 */
export const SECTOR_TYPE_CODES = {
  W120: 'W_120',
  CPC_PROV: 'CPC_PROV',
  CPC21: 'CPC_2_1',
} as const satisfies Record<SectorScheme, string>;
type SectorTypeCode = (typeof SECTOR_TYPE_CODES)[SectorScheme];
export const DEFAULT_SECTOR_TYPE: SectorTypeCode = SECTOR_TYPE_CODES.W120;

/** Languages a tree title can be asked in (the interface languages plus Arabic). */
const SECTOR_LANGUAGES = ['en', 'fr', 'ar'] as const;
export type SectorLanguage = (typeof SECTOR_LANGUAGES)[number];

/** Service-tree node as the spec's data model names it, plus `level` and the node's sector prefix. */
export interface ServiceNode {
  title: string;
  /** The node's code in its own scheme: `1.A.a` (W/120), `8671` (CPC Prov), `8321` (CPC 2.1). */
  value: string;
  /** Unique across the three schemes: `W120:1.A.a`, `CPC_PROV:8671`, `CPC21:8321`. */
  key: string;
  children: ServiceNode[];
  /** CPC 2.1 codes of the node (via the W/120 concordance for W/120 and CPC Prov nodes). */
  cpcCodes: string[];
  /** Provisional CPC codes as W/120 writes them, markers and ranges kept (`83106-83109`, `7523**`). */
  provisionalCodes: string[];
  /** Depth in its scheme, 1 = sector (W/120) or section (CPC). */
  level: number;
  /** True for a service added by the secretariat through POST /add-services. */
  added?: boolean;
  /**
   * The W/120 sector (`1` … `12`) the node corresponds to, the editor's sector group (w120GroupIndex): a CPC node's
   * through the W/120 items that cite it. Absent when it corresponds to none.
   */
  group?: string;
}

/** A row of data/reference/w120.csv. */
export interface W120Row {
  code: string;
  level: number;
  parent: string;
  title_en: string;
  title_fr: string;
  title_ar: string;
  cpc_prov: string;
  source: string;
}

/** A row of data/reference/cpc-prov.csv or cpc21.csv. */
export interface CpcRow {
  code: string;
  level: 'section' | 'division' | 'group' | 'class' | 'subclass';
  parent: string;
  title_en: string;
  source: string;
}

/** A row of data/reference/w120-cpc21.csv: one W/120 leaf and the CPC 2.1 codes it corresponds to. */
export interface ConcordanceRow {
  w120: string;
  /** CPC 2.1 codes; empty when there is none, and then `note` says why. */
  cpc21: string[];
  precision: 'exact' | 'partial' | 'approximate' | 'none';
  note: string;
}

/** A service added to a tree by the secretariat (stored by the server, merged into the tree it serves). */
export interface AddedService {
  scheme: SectorScheme;
  /** `value` of the parent node in the same scheme. */
  parent: string;
  value: string;
  title: string;
}

/** Accepts `W120`, `W_120`, `CPC_PROV`, `CPC`, `CPC21`, `CPC_2_1`, `CPC2` (any case); null for anything else. */
export function parseSectorScheme(input: string | undefined | null): SectorScheme | null {
  if (input == null || input === '') return 'W120';
  const s = input
    .trim()
    .toUpperCase()
    .replace(/[\s.-]/g, '_');
  if (s === 'W120' || s === 'W_120') return 'W120';
  if (s === 'CPC_PROV' || s === 'CPC' || s === 'CPCPROV' || s === 'CPC_PROVISIONAL') return 'CPC_PROV';
  if (s === 'CPC21' || s === 'CPC_2_1' || s === 'CPC2' || s === 'CPC_2' || s === 'CPC_21') return 'CPC21';
  return null;
}

/** The interface language for titles; null when unknown. Empty means English. */
export function parseSectorLanguage(input: string | undefined | null): SectorLanguage | null {
  if (input == null || input === '') return 'en';
  const s = input.trim().toLowerCase().slice(0, 2);
  return (SECTOR_LANGUAGES as readonly string[]).includes(s) && /^[a-z]{2}([-_][a-z]{2,4})?$/i.test(input.trim())
    ? (s as SectorLanguage)
    : null;
}

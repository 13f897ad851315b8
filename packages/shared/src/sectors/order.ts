/**
 * Classification order: the one order in which sectors are read, on screen and on paper, as a WTO schedule lists
 * them (W/120 numbering: 1.A.a, 1.A.b, 1.B, 2.C.a, 9.A, 11.A.b). What is stored keeps the order of entry; every
 * list a person reads (editor tabs, preview, compare, GATS+, documents, GATS tables) is sorted by this.
 */
import { parseSectorScheme, type SectorScheme } from './types.js';

const segments = (code: string) => code.trim().split('.').filter(Boolean);
const DIGITS = /^\d+$/;

/**
 * Two W/120 codes, segment by segment: numbers as numbers (`9` < `11`), letters alphabetically (`A` < `B`), a number
 * before a letter, and a code before the codes under it (`1` < `1.A` < `1.A.a` < `1.B`). The dash items of 7.B.f are
 * numbered `7.B.f.1` … and sort the same way.
 */
export function compareW120Codes(a: string, b: string): number {
  const x = segments(a);
  const y = segments(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = x[i]!;
    const q = y[i]!;
    const pn = DIGITS.test(p);
    const qn = DIGITS.test(q);
    if (pn && qn) {
      const d = Number(p) - Number(q);
      if (d !== 0) return d;
    } else if (pn !== qn) return pn ? -1 : 1;
    else if (p !== q) {
      const d = p.localeCompare(q, 'en', { sensitivity: 'base' });
      return d !== 0 ? d : p < q ? -1 : 1;
    }
  }
  return x.length - y.length;
}

/**
 * Two CPC codes (provisional or 2.1) in the classification's order, which reads digit by digit: a division before
 * its groups and the next division after them (`86` < `861` < `8612` < `862` < `87`). Marks such as `**` and the
 * end of a range (`83106-83109`) do not count.
 */
export function compareCpcCodes(a: string, b: string): number {
  const digits = (c: string) => /^\s*(\d*)/.exec(c)?.[1] ?? '';
  const x = digits(a);
  const y = digits(b);
  if (x !== y) {
    if (!x) return 1;
    if (!y) return -1;
    return x < y ? -1 : 1;
  }
  return a.trim() < b.trim() ? -1 : a.trim() > b.trim() ? 1 : 0;
}

/** The scheme and code of a chosen service: its key says (`CPC21:8321`), else the sector's type and the value. */
export function serviceSchemeCode(
  sectorType: string,
  service: { value: string; key: string },
): { scheme: SectorScheme; code: string } {
  const [, scheme, code] = /^(W120|CPC_PROV|CPC21):(.+)$/.exec(service.key.trim()) ?? [];
  if (scheme && code) return { scheme: scheme as SectorScheme, code: code.trim() };
  return { scheme: parseSectorScheme(sectorType) ?? 'W120', code: (service.value || service.key).trim() };
}

/** Where a sector stands in classification order: its first W/120 code, else its first CPC code. */
export interface SectorOrderKey {
  w120: string | null;
  cpc: string | null;
}

/** What the order reads of a sector. */
export interface OrderedSector {
  type: string;
  services: readonly { value: string; key: string }[];
  provisional_codes?: readonly string[];
  cpc_codes?: readonly string[];
}

const first = (codes: string[], compare: (a: string, b: string) => number) =>
  codes.length ? [...codes].sort(compare)[0]! : null;

/**
 * A sector's place: the lowest W/120 code of its services; for a sector chosen in a CPC list, the lowest CPC code of
 * its services, else of the codes chosen. A sector with no service yet has neither.
 */
export function sectorOrderKey(sector: OrderedSector): SectorOrderKey {
  const w120: string[] = [];
  const cpc: string[] = [];
  for (const service of sector.services) {
    const { scheme, code } = serviceSchemeCode(sector.type, service);
    if (!code) continue;
    (scheme === 'W120' ? w120 : cpc).push(code);
  }
  if (cpc.length === 0) cpc.push(...(sector.provisional_codes ?? []), ...(sector.cpc_codes ?? []));
  return { w120: first(w120, compareW120Codes), cpc: first(cpc.filter(Boolean), compareCpcCodes) };
}

/** Two sectors' keys: W/120-coded first by code, then CPC-coded by code, then those with neither (0: keep entry order). */
export function compareSectorOrderKeys(a: SectorOrderKey, b: SectorOrderKey): number {
  if (a.w120 !== null || b.w120 !== null) {
    if (a.w120 === null) return 1;
    if (b.w120 === null) return -1;
    const d = compareW120Codes(a.w120, b.w120);
    if (d !== 0) return d;
  }
  if (a.cpc !== null || b.cpc !== null) {
    if (a.cpc === null) return 1;
    if (b.cpc === null) return -1;
    return compareCpcCodes(a.cpc, b.cpc);
  }
  return 0;
}

/** Two sectors in classification order (0 when they stand together: a stable sort keeps their entry order). */
export function compareSectors(a: OrderedSector, b: OrderedSector): number {
  return compareSectorOrderKeys(sectorOrderKey(a), sectorOrderKey(b));
}

/**
 * The indexes of `keys` in classification order, ties in entry order. For lists that must keep pointing into the
 * stored order (the editor's tabs, a counter offer's sectors matched by position).
 */
export function orderOfKeys(keys: readonly SectorOrderKey[]): number[] {
  return keys.map((_, i) => i).sort((i, j) => compareSectorOrderKeys(keys[i]!, keys[j]!) || i - j);
}

/** The indexes of the sectors in classification order, ties in entry order. */
export function sectorOrder(sectors: readonly OrderedSector[]): number[] {
  return orderOfKeys(sectors.map(sectorOrderKey));
}

/** The sectors in classification order (a new array; ties keep their entry order). */
export function inClassificationOrder<S extends OrderedSector>(sectors: readonly S[]): S[] {
  return sectorOrder(sectors).map((i) => sectors[i]!);
}

/**
 * Two keys of a list that mixes W/120 codes with other services' own keys (`CPC_PROV:9999`, the compare screen's
 * tabs): W/120 codes first in their order, the others after, by scheme then code.
 */
export function compareClassificationKeys(a: string, b: string): number {
  const ownA = a.includes(':');
  const ownB = b.includes(':');
  if (!ownA && !ownB) return compareW120Codes(a, b);
  if (ownA !== ownB) return ownA ? 1 : -1;
  const [sa = '', ca = ''] = a.split(':');
  const [sb = '', cb = ''] = b.split(':');
  if (sa !== sb) return sa < sb ? -1 : 1;
  return compareCpcCodes(ca, cb);
}

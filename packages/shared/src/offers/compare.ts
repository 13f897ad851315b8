/**
 * Compare offers: how sectors of different countries are recognised as the same. One
 * definition for the server and the web app: the server resolves every sector into W/120 keys (`sectorMatchKeys`,
 * with the reference data it holds) and sends them with the compared offers; the screen lines them up (`sectorTabs`).
 *
 * A sector is matched on EVERY one of its services, and a service chosen in a CPC list (provisional or 2.1) is read
 * as the W/120 item(s) the concordance of data/reference gives for it, so "CPC 862" meets "1.A.b Accounting".
 * Codes of different depth overlap: a sector of 1.A (all professional services) commits in the 1.A.b tab too.
 */
import { parseProvisionalCodes } from '../sectors/codes.js';
import type { Classification } from '../sectors/data.js';
import { compareClassificationKeys, compareW120Codes, serviceSchemeCode as serviceCode } from '../sectors/order.js';

/** A W/120 leaf with the codes of the two CPC lists it corresponds to (w120.csv and w120-cpc21.csv). */
interface ConcordanceLeaf {
  w120: string;
  /** Provisional CPC codes W/120 cites (ranges expanded). */
  prov: string[];
  /** Provisional codes W/120 excludes ("884+885 (except for 88442)"). */
  provExcluded: string[];
  /** CPC 2.1 codes of the concordance. */
  cpc21: string[];
}

/** The W/120 leaves and their CPC codes, from the loaded reference data. */
export function concordanceLeaves(data: Classification): ConcordanceLeaf[] {
  const parents = new Set(data.w120.map((r) => r.parent).filter(Boolean));
  return data.w120
    .filter((r) => !parents.has(r.code))
    .map((r) => {
      const parsed = parseProvisionalCodes(r.cpc_prov);
      return {
        w120: r.code,
        prov: parsed.codes,
        provExcluded: parsed.excluded,
        cpc21: data.concordance.get(r.code)?.cpc21 ?? [],
      };
    });
}

/** Two CPC codes meet when one is the other or lies under it (`86` ⊃ `862` ⊃ `8620`). */
const cpcMeet = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);

/** The W/120 leaves a CPC code corresponds to. */
function leavesOfCpc(scheme: 'CPC_PROV' | 'CPC21', code: string, leaves: readonly ConcordanceLeaf[]): string[] {
  return leaves
    .filter((leaf) =>
      scheme === 'CPC21'
        ? leaf.cpc21.some((c) => cpcMeet(c, code))
        : leaf.prov.some((c) => cpcMeet(c, code)) && !leaf.provExcluded.some((x) => code.startsWith(x)),
    )
    .map((leaf) => leaf.w120);
}

const parentOf = (code: string) => code.slice(0, Math.max(0, code.lastIndexOf('.')));

/** Replaces a full set of leaves by their common W/120 parent (every item of 1.A found → 1.A). */
function collapse(codes: Set<string>, leaves: readonly ConcordanceLeaf[]): string[] {
  const ancestors = new Set<string>();
  for (const c of codes) for (let p = parentOf(c); p; p = parentOf(p)) ancestors.add(p);
  const byDepth = [...ancestors].sort((a, b) => a.split('.').length - b.split('.').length);
  const out = new Set(codes);
  for (const a of byDepth) {
    if ([...out].some((c) => c === a || a.startsWith(`${c}.`))) continue; // already covered by a shorter code
    const under = leaves.filter((l) => l.w120.startsWith(`${a}.`)).map((l) => l.w120);
    if (under.length > 0 && under.every((l) => out.has(l))) {
      for (const l of under) out.delete(l);
      out.add(a);
    }
  }
  for (const c of [...out]) if ([...out].some((o) => o !== c && c.startsWith(`${o}.`))) out.delete(c);
  return [...out];
}

/**
 * The keys a sector is matched by: the W/120 code of every service, a CPC service read through the concordance;
 * a service no W/120 item corresponds to keeps its own key (`CPC_PROV:9999`), met only by the same service.
 */
export function sectorMatchKeys(
  sector: { type: string; services: readonly { value: string; key: string }[] },
  leaves: readonly ConcordanceLeaf[],
): string[] {
  const w120 = new Set<string>();
  const own = new Set<string>();
  for (const service of sector.services) {
    const { scheme, code } = serviceCode(sector.type, service);
    if (!code) continue;
    if (scheme === 'W120') {
      w120.add(code);
      continue;
    }
    const found = leavesOfCpc(scheme, code, leaves);
    if (found.length === 0) own.add(`${scheme}:${code}`);
    for (const f of found) w120.add(f);
  }
  return [...collapse(w120, leaves).sort(compareW120Codes), ...[...own].sort(compareClassificationKeys)];
}

/** Whether two match keys name overlapping services: equal, or one W/120 code under the other. */
export function matchKeysOverlap(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.includes(':') || b.includes(':')) return false;
  return a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}

/** One tab of the compare screen: a W/120 item (or an unmatched service) and, per offer, its sectors there. */
interface CompareSectorTab<S> {
  /** A W/120 code (`1.A.b`) or an unmatched service's own key (`CPC_PROV:9999`). */
  key: string;
  /** For each compared offer, in order: its sectors committing in this tab (none: "No commitment"). */
  byOffer: S[][];
}

/**
 * The sector tabs of the compared offers, in classification order (sectors/order.ts): one per key any offer's sector is matched by. A sector is
 * in every tab one of its keys overlaps, so an offer shows "No commitment" in a tab only when it has none there.
 * `matchKeys[i]` are the keys of `sectors[i]`.
 */
export function sectorTabs<S>(offers: readonly { sectors: readonly S[]; matchKeys: readonly (readonly string[])[] }[]) {
  const keys = new Set<string>();
  for (const offer of offers) for (const k of offer.matchKeys.flat()) keys.add(k);
  return [...keys].sort(compareClassificationKeys).map((key): CompareSectorTab<S> => ({
    key,
    byOffer: offers.map((offer) =>
      offer.sectors.filter((_, i) => (offer.matchKeys[i] ?? []).some((k) => matchKeysOverlap(k, key))),
    ),
  }));
}

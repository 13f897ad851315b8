/**
 * Two offer documents side by side: sectors aligned by their services, table rows by their texts (see diff.ts).
 */
import type { Sector, TableCell } from './schema.js';
import { commonSubsequenceLengths } from './lcs.js';
import { orderOfKeys, sectorOrderKey } from '../sectors/order.js';
import { richTextToPlain, rowTexts, sectorLabel, type DiffOptions } from './cell-text.js';
import { sectorIdentity } from './sector-identity.js';

/** Two sectors aligned, one of them possibly missing. */
export interface SectorPair {
  before: Sector | null;
  after: Sector | null;
  beforeIndex: number | null;
  afterIndex: number | null;
  /** The services of the sector shown (the second document's, or the first's when removed). */
  label: string;
  status: 'same' | 'changed' | 'added' | 'removed';
}

/** Two table rows aligned (horizontal section or MFN exemptions). */
export interface RowPair {
  before: TableCell[] | null;
  after: TableCell[] | null;
  beforeIndex: number | null;
  afterIndex: number | null;
  status: 'same' | 'changed' | 'added' | 'removed';
}

/** What identifies a service across versions: its classification key, else its code, else its title. */
const serviceKeys = (sector: Sector) =>
  sector.services.map((s) => (s.key || s.value || s.title).trim()).filter(Boolean);

/**
 * Sectors of two documents side by side, in the second document's order (removed sectors where they stood):
 * 0. the same sector identity (`sectorIdentity`: its stored id, else one drawn from its services) pairs one to one
 *    when it is unique on both sides — a sector whose services were edited still meets itself;
 * 1. the same set of services (or, for sectors without a service, the same sector id) pairs one to one;
 * 2. a sector left pairs with the sector of the other document sharing most services — so each half of a split
 *    sector meets the sector it came from, and a merged sector meets each part it came from;
 * 3. what is still left was added or removed.
 */
export function alignSectors(
  before: readonly Sector[],
  after: readonly Sector[],
  serviceTitle?: DiffOptions['serviceTitle'],
): Omit<SectorPair, 'status'>[] {
  const keysA = before.map((s) => new Set(serviceKeys(s)));
  const keysB = after.map((s) => new Set(serviceKeys(s)));
  const signature = (sector: Sector) => {
    const keys = [...new Set(serviceKeys(sector))];
    return keys.length > 0 ? `k:${keys.sort().join('\u0000')}` : `id:${sector.sectorId}`;
  };
  const pairOf: (number | null)[] = after.map(() => null);
  const usedA = new Set<number>();

  const uniqueIdentities = (sectors: readonly Sector[]) => {
    const seen = new Map<string, number | null>();
    sectors.forEach((s, i) => {
      const id = sectorIdentity(s);
      seen.set(id, seen.has(id) ? null : i);
    });
    return seen;
  };
  const idsA = uniqueIdentities(before);
  for (const [id, j] of uniqueIdentities(after)) {
    const i = idsA.get(id);
    if (j !== null && i !== undefined && i !== null) {
      pairOf[j] = i;
      usedA.add(i);
    }
  }

  const bySignature = new Map<string, number[]>();
  before.forEach((s, i) => {
    const sig = signature(s);
    bySignature.set(sig, [...(bySignature.get(sig) ?? []), i]);
  });
  after.forEach((s, j) => {
    if (pairOf[j] !== null) return;
    const candidates = bySignature.get(signature(s))?.filter((i) => !usedA.has(i));
    const i = candidates?.[0];
    if (i !== undefined) {
      pairOf[j] = i;
      usedA.add(i);
    }
  });

  const overlap = (a: Set<string>, b: Set<string>) => {
    let n = 0;
    for (const k of a) if (b.has(k)) n++;
    return n;
  };
  /** The index in `among` of the sector sharing most services with `keys` (the first of equals), or null. */
  const mostShared = (keys: Set<string>, among: readonly Set<string>[], eligible: (index: number) => boolean) => {
    let found: number | null = null;
    let most = 0;
    for (const [index, other] of among.entries()) {
      if (!eligible(index)) continue;
      const n = overlap(keys, other);
      if (n > most) {
        most = n;
        found = index;
      }
    }
    return found;
  };
  // An unpaired sector first looks among the unpaired of the other side, then among all (a split or a merge).
  keysB.forEach((keys, j) => {
    if (pairOf[j] !== null) return;
    const i = mostShared(keys, keysA, (i) => !usedA.has(i)) ?? mostShared(keys, keysA, () => true);
    if (i !== null) pairOf[j] = i;
  });
  for (const i of pairOf) if (i !== null) usedA.add(i);

  const extra: { i: number; j: number }[] = [];
  const removed: number[] = [];
  keysA.forEach((keys, i) => {
    if (usedA.has(i)) return;
    const j = mostShared(keys, keysB, () => true);
    if (j === null) removed.push(i);
    else extra.push({ i, j });
  });

  const rows: Omit<SectorPair, 'status'>[] = [];
  const pair = (i: number | null, j: number | null): Omit<SectorPair, 'status'> => {
    const a = i === null ? null : (before[i] ?? null);
    const b = j === null ? null : (after[j] ?? null);
    const shown = b ?? a;
    return {
      before: a,
      after: b,
      beforeIndex: i,
      afterIndex: j,
      label: shown ? sectorLabel(shown, serviceTitle) : '',
    };
  };
  const emitRemovedUpTo = (limit: number) => {
    for (let i = removed[0]; i !== undefined && i < limit; i = removed[0]) {
      removed.shift();
      rows.push(pair(i, null));
    }
  };
  pairOf.forEach((i, j) => {
    if (i !== null) emitRemovedUpTo(i);
    rows.push(pair(i, j));
    for (const e of extra) if (e.j === j) rows.push(pair(e.i, j));
  });
  emitRemovedUpTo(Infinity);
  // Read in classification order (sectors/order.ts) by the sector shown, as the schedules themselves are printed;
  // pairs of equal place keep the order above, so a split sector's parts stay together.
  const keys = rows.map((r) => sectorOrderKey((r.after ?? r.before)!));
  return orderOfKeys(keys).map((k) => rows[k]!);
}

/**
 * Table rows of two documents side by side: rows with the same texts are kept in order (longest common subsequence
 * of rows); between two kept rows, the rows left are paired in order as changed, the surplus added or removed.
 */
export function alignRows(before: readonly TableCell[][], after: readonly TableCell[][]): RowPair[] {
  const sa = before.map((r) => rowTexts(r).join('\u0000'));
  const sb = after.map((r) => rowTexts(r).join('\u0000'));
  const n = sa.length;
  const m = sb.length;
  const common = commonSubsequenceLengths(sa, sb);
  const pairs: RowPair[] = [];
  let pendingA: number[] = [];
  let pendingB: number[] = [];
  const firstCell = (row: readonly TableCell[] | undefined) => richTextToPlain(row?.[0]?.value ?? '');
  const emit = (i: number | null, j: number | null, status: RowPair['status']) =>
    pairs.push({
      before: i === null ? null : (before[i] ?? null),
      after: j === null ? null : (after[j] ?? null),
      beforeIndex: i,
      afterIndex: j,
      status,
    });
  // Between two kept rows: a row whose first cell (its sector) is unchanged pairs with that row, the others in order.
  const flush = () => {
    const partner = new Map<number, number>();
    const takenA = new Set<number>();
    for (const j of pendingB) {
      const i = pendingA.find((i) => !takenA.has(i) && firstCell(before[i]) === firstCell(after[j]));
      if (i !== undefined) {
        partner.set(j, i);
        takenA.add(i);
      }
    }
    const restA = pendingA.filter((i) => !takenA.has(i));
    for (const j of pendingB) {
      if (partner.has(j)) continue;
      const i = restA.shift();
      if (i !== undefined) partner.set(j, i);
    }
    for (const j of pendingB) {
      const i = partner.get(j);
      if (i === undefined) emit(null, j, 'added');
      else emit(i, j, 'changed');
    }
    for (const i of restA) emit(i, null, 'removed');
    pendingA = [];
    pendingB = [];
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && sa[i] === sb[j]) {
      flush();
      emit(i, j, 'same');
      i++;
      j++;
    } else if (j >= m || (i < n && common(i + 1, j) >= common(i, j + 1))) {
      pendingA.push(i++);
    } else {
      pendingB.push(j++);
    }
  }
  flush();
  return pairs;
}

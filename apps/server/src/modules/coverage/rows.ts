import {
  concordanceLeaves,
  sectorMatchKeys,
  type Classification,
  type CoverageLevel,
  type MODES_OF_SUPPLY,
} from '@portal/shared';

/** The four modes of a block, in schedule order (the matrix's columns 1 to 4). */
export type FourModes<T> = [T, T, T, T];
export type ModeKey = (typeof MODES_OF_SUPPLY)[number];

export interface CoverageRowDef {
  code: string;
  title: { en: string; fr: string; ar: string };
  /** The subsectors the row adds up (a subsector row: itself). */
  subsectors: string[];
}

/**
 * The rows of the matrix and how a scheduled sector falls into subsectors, from the W/120 reference data. The unit of
 * counting is the subsector (level 2 of W/120; a sector without subsectors, 12, stands for its own): a sector row adds
 * up its subsectors.
 */
export interface CoverageGrid {
  rows: CoverageRowDef[];
  /** The subsectors a scheduled sector covers: none when no W/120 item corresponds to it. */
  subsectorsOf(sector: { type: string; services: readonly { value: string; key: string }[] }): string[];
}

export function coverageGrid(data: Classification, level: CoverageLevel): CoverageGrid {
  const leaves = concordanceLeaves(data);
  const title = (r: (typeof data.w120)[number]) => ({
    en: r.title_en,
    fr: r.title_fr || r.title_en,
    ar: r.title_ar || r.title_en,
  });
  const sectors = data.w120.filter((r) => r.level === 1);
  const subsectorsOfSector = new Map(
    sectors.map((s) => {
      const subs = data.w120.filter((r) => r.level === 2 && r.parent === s.code).map((r) => r.code);
      return [s.code, subs.length ? subs : [s.code]];
    }),
  );
  const known = new Set([...subsectorsOfSector.values()].flat());
  const rows: CoverageRowDef[] =
    level === 'sector'
      ? sectors.map((s) => ({ code: s.code, title: title(s), subsectors: subsectorsOfSector.get(s.code)! }))
      : sectors.flatMap((s) =>
          subsectorsOfSector.get(s.code)!.map((code) => {
            const row = data.w120.find((r) => r.code === code)!;
            return { code, title: title(row), subsectors: [code] };
          }),
        );

  /** A W/120 code's subsectors: a sector code all of its own, a deeper code its level-2 ancestor. */
  const ofCode = (code: string): string[] => {
    if (code.includes(':')) return [];
    const parts = code.split('.');
    if (parts.length === 1) return subsectorsOfSector.get(code) ?? [];
    const sub = `${parts[0]}.${parts[1]}`;
    return known.has(sub) ? [sub] : [];
  };
  return {
    rows,
    subsectorsOf: (sector) => [...new Set(sectorMatchKeys(sector, leaves).flatMap(ofCode))],
  };
}

import { concordanceLeaves, sectorMatchKeys, type Classification, type CoverageLevel } from '@portal/shared';

export interface CoverageRowDef {
  code: string;
  title: { en: string; fr: string; ar: string };
  /** The subsectors the row adds up (a subsector row: itself). */
  subsectors: string[];
}

/*
 * The rows of the matrix and how a scheduled sector falls into subsectors, from the W/120 reference data. The unit of
 * counting is the subsector (level 2 of W/120; a sector without subsectors, 12, stands for its own): a sector row adds
 * up its subsectors.
 */

function subsectorsBySector(data: Classification): Map<string, string[]> {
  return new Map(
    data.w120
      .filter((r) => r.level === 1)
      .map((s) => {
        const subs = data.w120.filter((r) => r.level === 2 && r.parent === s.code).map((r) => r.code);
        return [s.code, subs.length ? subs : [s.code]];
      }),
  );
}

type ScheduledSector = { type: string; services: readonly { value: string; key: string }[] };

/** The subsectors a scheduled sector covers (none when no W/120 item corresponds to it), for one reference data. */
export function subsectorMapper(data: Classification): (sector: ScheduledSector) => string[] {
  const leaves = concordanceLeaves(data);
  const subsectorsOfSector = subsectorsBySector(data);
  const known = new Set([...subsectorsOfSector.values()].flat());
  /** A W/120 code's subsectors: a sector code all of its own, a deeper code its level-2 ancestor. */
  const ofCode = (code: string): string[] => {
    if (code.includes(':')) return [];
    const parts = code.split('.');
    if (parts.length === 1) return subsectorsOfSector.get(code) ?? [];
    const sub = `${parts[0]}.${parts[1]}`;
    return known.has(sub) ? [sub] : [];
  };
  return (sector) => [...new Set(sectorMatchKeys(sector, leaves).flatMap(ofCode))];
}

/** The rows of the matrix at a level: the 12 sectors (each adding up its subsectors) or the subsectors. */
export function coverageRows(data: Classification, level: CoverageLevel): CoverageRowDef[] {
  const title = (r: (typeof data.w120)[number]) => ({
    en: r.title_en,
    fr: r.title_fr || r.title_en,
    ar: r.title_ar || r.title_en,
  });
  const sectors = data.w120.filter((r) => r.level === 1);
  const subsectorsOfSector = subsectorsBySector(data);
  return level === 'sector'
    ? sectors.map((s) => ({ code: s.code, title: title(s), subsectors: subsectorsOfSector.get(s.code)! }))
    : sectors.flatMap((s) =>
        subsectorsOfSector.get(s.code)!.map((code) => {
          const row = data.w120.find((r) => r.code === code)!;
          return { code, title: title(row), subsectors: [code] };
        }),
      );
}

/**
 * A schedule's sectors as the WTO prints them: in classification order, under heading rows for the W/120 sector
 * ("1. BUSINESS SERVICES") and subsector ("A. Professional Services"), each entry named under its headings by its last
 * segment ("a) Legal Services"). One walk for the documents of record and the on-screen preview.
 */
import { sectorOrder, sectorOrderKey, serviceSchemeCode } from './order.js';

interface ScheduledSector {
  type: string;
  services: readonly { value: string; key: string }[];
  provisional_codes: readonly string[];
  cpc_codes: readonly string[];
}

/** A heading row, or a sector with the marks its services take under the headings above it. */
export type ScheduleItem =
  { kind: 'heading'; code: string; level: 1 | 2; mark: string } | { kind: 'sector'; index: number; marks: string[] };

/**
 * The rows of a schedule's sector table. `hasTitle(code)` says whether a W/120 sector or subsector code has a title
 * in the reader's language: a heading is printed only for a titled code, and an entry whose code does not sit under
 * the headings above it (a second service from another subsector, a dash item, an untitled code) keeps its whole code.
 */
export function scheduleItems(
  sectors: readonly ScheduledSector[],
  hasTitle: (w120Code: string) => boolean,
): ScheduleItem[] {
  const items: ScheduleItem[] = [];
  /** The sector and subsector whose headings the rows now stand under. */
  let under: { sector: string | null; subsector: string | null } = { sector: null, subsector: null };
  for (const index of sectorOrder(sectors)) {
    const sector = sectors[index]!;
    const place = sectorOrderKey(sector).w120?.split('.') ?? [];
    const [sectorCode, letter] = place;
    if (!sectorCode) under = { sector: null, subsector: null };
    else {
      const subsector = place.length >= 2 ? `${sectorCode}.${letter}` : null;
      if (place.length === 1) under = { sector: hasTitle(sectorCode) ? sectorCode : null, subsector: null };
      else if (under.sector !== sectorCode) {
        const titled = hasTitle(sectorCode);
        if (titled) items.push({ kind: 'heading', code: sectorCode, level: 1, mark: `${sectorCode}.` });
        under = { sector: titled ? sectorCode : null, subsector: null };
      }
      if (place.length === 2 && under.sector === sectorCode) under = { ...under, subsector };
      else if (place.length >= 3 && subsector && under.subsector !== subsector) {
        const titled = hasTitle(subsector) && under.sector === sectorCode;
        if (titled) items.push({ kind: 'heading', code: subsector, level: 2, mark: `${letter}.` });
        under = { ...under, subsector: titled ? subsector : null };
      }
    }
    /** A service's mark: its last segment under the headings it stands under, else its whole code. */
    const markOf = (service: { value: string; key: string }) => {
      const { scheme, code } = serviceSchemeCode(sector.type, service);
      const parts = code.split('.');
      if (scheme === 'W120' && parts.length === 1 && hasTitle(code)) return `${code}.`;
      if (scheme === 'W120' && parts.length === 2 && under.sector === parts[0]) return `${parts[1]}.`;
      if (scheme === 'W120' && parts.length === 3 && under.subsector === `${parts[0]}.${parts[1]}`)
        return `${parts[2]})`;
      return service.value;
    };
    items.push({ kind: 'sector', index, marks: sector.services.map(markOf) });
  }
  return items;
}

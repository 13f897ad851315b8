/**
 * Lines up the compared offers: one tab for the horizontal commitments, then one per sector, where a sector is
 * recognised across countries by its first service (its value, the code, else its key). A country without that
 * sector has no commitment in the tab.
 */
import type { Sector } from '@portal/shared';

export interface SectorTab {
  /** The first service's value (or key): what makes two countries' sectors the same. */
  key: string;
  /** The first service as found in the first offer that has it. */
  title: string;
  code: string;
  /** For each compared offer, in order: its sectors with this first service (usually one; none when it has no commitment). */
  byOffer: Sector[][];
}

/** The key a sector is matched by; null for a sector with no service chosen (it cannot be compared). */
export function sectorMatchKey(sector: Pick<Sector, 'services'>): string | null {
  const first = sector.services[0];
  if (!first) return null;
  const key = (first.value || first.key || '').trim();
  return key || null;
}

const byCode = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** The sector tabs of the compared offers, in code order. */
export function sectorTabs(offers: { sectors: Sector[] }[]): SectorTab[] {
  const tabs = new Map<string, SectorTab>();
  offers.forEach((offer, index) => {
    for (const sector of offer.sectors) {
      const key = sectorMatchKey(sector);
      if (!key) continue;
      let tab = tabs.get(key);
      if (!tab) {
        const first = sector.services[0];
        tab = { key, title: first.title, code: first.value, byOffer: offers.map(() => []) };
        tabs.set(key, tab);
      }
      tab.byOffer[index].push(sector);
    }
  });
  return [...tabs.values()].sort((a, b) => byCode(a.key, b.key));
}

/** How many of the compared offers commit in a sector tab (shown on the tab). */
export const offersCommitting = (tab: SectorTab) => tab.byOffer.filter((s) => s.length > 0).length;

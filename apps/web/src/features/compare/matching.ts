/**
 * Lines up the compared offers: one tab for the horizontal commitments, then one per W/120 item any country commits
 * in. The rule (every service of a sector, CPC codes through the W/120 concordance) is the shared one of
 * packages/shared/src/offers/compare.ts; the server sends each sector's keys and their titles with the offers.
 */
import { sectorTabs as sharedSectorTabs, type Language, type Sector } from '@portal/shared';

interface SectorTab {
  /** A W/120 code (`1.A.b`) or, for a service W/120 does not hold, its own key (`CPC_PROV:45100`). */
  key: string;
  /** The code shown on the tab. */
  code: string;
  /** The W/120 item's title in the interface language (English when it has none). */
  title: string;
  /** For each compared offer, in order: its sectors committing in this tab (none: "No commitment"). */
  byOffer: Sector[][];
}

/** What the tabs need of a compared offer: its sectors, their match keys and the keys' titles. */
export interface MatchedOffer {
  sectors: Sector[];
  /** `matchKeys[i]`: the keys `sectors[i]` is matched by. */
  matchKeys?: string[][];
  matchTitles?: Record<string, Partial<Record<Language, string>>>;
}

const LANGS = new Set<string>(['en', 'fr', 'ar']);

/** The sector tabs of the compared offers, in code order, titled in `language`. */
export function sectorTabs(offers: MatchedOffer[], language: string = 'en'): SectorTab[] {
  const lang = (LANGS.has(language) ? language : 'en') as Language;
  const tabs = sharedSectorTabs(offers.map((o) => ({ sectors: o.sectors, matchKeys: o.matchKeys ?? [] })));
  return tabs.map((tab) => {
    const titles = offers.map((o) => o.matchTitles?.[tab.key]).find(Boolean);
    return {
      key: tab.key,
      code: tab.key.includes(':') ? tab.key.slice(tab.key.indexOf(':') + 1) : tab.key,
      title: titles?.[lang] || titles?.en || '',
      byOffer: tab.byOffer,
    };
  });
}

/** How many of the compared offers commit in a sector tab (shown on the tab). */
export const offersCommitting = (tab: SectorTab) => tab.byOffer.filter((s) => s.length > 0).length;

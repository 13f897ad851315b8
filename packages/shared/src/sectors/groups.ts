import type { SectorLanguage, W120Row } from './types.js';

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
      label: capitalise(r.title_en.split(/[\s,]+/)[0]),
      titles: {
        en: sentenceCase(r.title_en),
        fr: sentenceCase(r.title_fr || r.title_en),
        ar: r.title_ar || sentenceCase(r.title_en),
      },
    }));
}

/** The group prefix of a W/120 code (`1.A.a` → `1`, `11.F` → `11`); null when it is not a W/120 code. */
export function sectorGroupPrefix(w120Code: string): string | null {
  const m = /^(\d{1,2})(?:\.|$)/.exec(w120Code.trim());
  return m ? m[1] : null;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** "BUSINESS SERVICES" → "Business services"; a title already in mixed case is left alone. */
export function sentenceCase(title: string): string {
  const cut = title.indexOf('(');
  const head = cut === -1 ? title : title.slice(0, cut);
  if (head !== head.toUpperCase()) return title;
  const lower = head.toLocaleLowerCase('fr');
  return lower.charAt(0).toLocaleUpperCase('fr') + lower.slice(1) + (cut === -1 ? '' : title.slice(cut));
}

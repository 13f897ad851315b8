/**
 * The texts of a schedule's cells as a reader sees them: rich text as plain text, an entry as one line, a sector's
 * services. Used by the comparison (diff.ts) and the alignment (align.ts).
 */
import type { Language } from '../constants.js';
import type { CommitmentEntry, Sector, TableCell } from './schema.js';
import { SCHEDULE_TERMS, translateFixedTerm } from './vocabulary.js';
import { decodeEntities, isRichText } from '../text/markup.js';

export interface DiffOptions {
  /** The language fixed terms are shown in ("Unbound" → "Non consolidé"), whole values only; default as written. */
  lang?: Language;
  /** The labels of the GATS+ and AfCFTA+ marks of an entry. */
  marks?: { gats: string; afcfta: string };
  /** A chosen service's title in the reader's language (French or Arabic W/120 titles); default the stored title. */
  serviceTitle?: (service: Sector['services'][number]) => string;
}

/** The text a reader sees in stored rich text: paragraphs and line breaks become new lines, tags go. */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|blockquote)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&[^;\s]+;/g, (reference) => decodeEntities(reference))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/**
 * The text a reader sees in a plain field (a level of commitment, a note, an additional commitment): as typed, or, when
 * another client stored the editor's markup there, that markup read as rich text — never tags shown as text.
 */
export function storedTextToPlain(text: string): string {
  return isRichText(text) ? richTextToPlain(text) : text.trim();
}

/** No fixed term (with a wrapping paragraph) is longer: a longer value is free text, not looked up (a 150-sector
 * comparison spends most of its time in the look-up otherwise). */
const LONGEST_TERM = Math.max(...SCHEDULE_TERMS.flatMap((t) => Object.values(t).map((v) => v.length))) + 16;

/**
 * An entry as one line of the schedule: the level of commitment (a fixed term in the chosen language) or the
 * limitation written, the GATS+/AfCFTA+ marks, the note. A blank entry is ''.
 */
export function entryCellText(entry: CommitmentEntry, options: DiffOptions = {}): string {
  const value = storedTextToPlain(entry.value);
  const shown =
    options.lang && value.length <= LONGEST_TERM ? (translateFixedTerm(value, options.lang) ?? value) : value;
  const labels = options.marks ?? { gats: 'GATS+', afcfta: 'AfCFTA+' };
  const marks = [entry.isChecked && labels.gats, entry.isCheckedLiberation && labels.afcfta].filter(Boolean).join(', ');
  const note = entry.hasComment ? storedTextToPlain(entry.comment) : '';
  return [shown, marks && `[${marks}]`, note && `(${note})`].filter(Boolean).join(' ');
}

/** The services of a sector as the schedule names them: "1.A.a Legal services; 1.A.b Accounting…". */
export function sectorLabel(
  sector: Pick<Sector, 'services'>,
  serviceTitle: DiffOptions['serviceTitle'] = (s) => s.title,
): string {
  return sector.services
    .map((s) => (s.value ? `${s.value} ${serviceTitle(s)}` : serviceTitle(s)).trim())
    .filter(Boolean)
    .join('; ');
}

/** The texts of a table row's cells. */
export const rowTexts = (row: readonly TableCell[]) => row.map((c) => richTextToPlain(c.value));

/**
 * The entries of a commitment cell: "1) None 2) Unbound* 3) …" split by mode of supply, each read into the portal's
 * values. A whole value that is a standard term of schedules (S/L/92's "None", "Unbound", "Unbound*" and the horizontal
 * phrase, in English, French or Arabic, with or without a closing full stop) becomes the portal's fixed value; any
 * other text is an "Other" limitation kept as written (only the outer white space and the portal's own Unicode
 * isolates are dropped). The marks the portal's own documents add ("[GATS+]", "(comment)" after a standard term,
 * "—" for a blank) are read back into the entry's flags and comment, so its exports import to the same entries.
 */
import {
  MODES_OF_SUPPLY,
  blankEntry,
  findFixedTerm,
  stripIsolates,
  type CommitmentEntry,
  type LimitationBlock,
} from '@portal/shared';
import { WORDS } from '../documents/labels.js';

/** The stored spelling of each standard term a schedule may write for a whole entry. */
const LEVEL_TERMS = ['None', 'Unbound', 'Unbound*', 'Unbound except as indicated in the horizontal section'];

/** The portal's fixed value (or stored spelling of a standard phrase) a whole text is, or undefined. */
export function standardTerm(text: string): string | undefined {
  // The shared glossary reads the usual variants (commas, a final full stop, "… in horizontal commitments").
  const fixed = findFixedTerm(text);
  return fixed && LEVEL_TERMS.includes(fixed.en) ? fixed.en : undefined;
}

/** The blank the portal's documents print for an entry without a level. */
const BLANK = '—';

/** The flag marks of each language: "[GATS+]", "[GATS+, AfCFTA+]". */
const MARKS = Object.values(WORDS).flatMap((w) => [
  { text: `[${w.gatsPlus}, ${w.afcftaPlus}]`, gats: true, afcfta: true },
  { text: `[${w.gatsPlus}]`, gats: true, afcfta: false },
  { text: `[${w.afcftaPlus}]`, gats: false, afcfta: true },
]);

/** One mode's text read into an entry. */
export function entryOf(written: string): CommitmentEntry {
  let text = stripIsolates(written).trim();
  const entry = blankEntry('');
  const withComment = /^(.*?) \(([^()]*)\)$/s.exec(text);
  // "None (subject to …)": a standard term or the blank followed by a bracketed comment, as the portal prints one.
  if (withComment && (withComment[1] === BLANK || standardTerm(stripMarks(withComment[1]!, entry, false)))) {
    entry.hasComment = true;
    entry.comment = withComment[2]!;
    text = withComment[1]!;
  }
  text = stripMarks(text, entry, true);
  if (text === BLANK || text === '') return entry;
  entry.value = standardTerm(text) ?? text;
  return entry;
}

/** Drops a trailing flag mark ("None [GATS+]"), setting the flags when `apply`; answers the text before it. */
function stripMarks(text: string, entry: CommitmentEntry, apply: boolean): string {
  for (const mark of MARKS) {
    if (!text.endsWith(` ${mark.text}`)) continue;
    if (apply) {
      entry.isChecked = mark.gats;
      entry.isCheckedLiberation = mark.afcfta;
    }
    return text.slice(0, -mark.text.length - 1);
  }
  return text;
}

/** "1)", "(1)", "1)," … at the start of a line; a run of them ("1) 2) and 3)") names several modes. */
const MODE_MARKS = /^\s*((?:\(?[1-4]\)\s*(?:,|and|et|y|و|&)?\s*)+)/;

export interface SplitCell {
  /** The text of each mode, in schedule order; null for a mode the cell does not name. */
  modes: (string | null)[];
  /** Text before the first mode mark. */
  before: string;
}

/** Splits a cell by its mode marks; a line without a mark continues the mode(s) above it. */
export function splitModes(cell: string): SplitCell {
  const modes: (string[] | null)[] = [null, null, null, null];
  const before: string[] = [];
  let current: number[] = [];
  for (const raw of stripIsolates(cell).split('\n')) {
    const mark = MODE_MARKS.exec(raw);
    if (mark) {
      current = [...mark[1]!.matchAll(/[1-4]/g)].map((m) => Number(m[0]) - 1);
      const rest = raw.slice(mark[0].length);
      for (const i of current) (modes[i] ??= []).push(rest);
      continue;
    }
    if (current.length) for (const i of current) modes[i]!.push(raw);
    else before.push(raw);
  }
  return {
    modes: modes.map((lines) => (lines ? lines.join('\n').trim() : null)),
    before: before.join('\n').trim(),
  };
}

export interface BlockProblem {
  kind: 'no-modes' | 'missing-mode';
  /** The modes not named (1 to 4). */
  modes?: number[];
}

/** A limitations cell read into a block of four entries; what could not be placed is reported. */
export function blockOf(cell: string): { block: LimitationBlock; problems: BlockProblem[] } {
  const split = splitModes(cell);
  const problems: BlockProblem[] = [];
  const block = {
    crossBorder: blankEntry(''),
    consumptionAbroad: blankEntry(''),
    commercialPresence: blankEntry(''),
    presenceOfNaturalPersons: blankEntry(''),
    comment: '',
  } satisfies LimitationBlock;
  const named = split.modes.some((m) => m !== null);
  if (!named && split.before) {
    // A cell without marks that is one standard term holds for every mode ("None" across the column).
    const term = standardTerm(split.before);
    if (term) for (const mode of MODES_OF_SUPPLY) block[mode] = entryOf(split.before);
    else {
      block.comment = split.before;
      problems.push({ kind: 'no-modes' });
    }
    return { block, problems };
  }
  if (split.before) block.comment = split.before;
  MODES_OF_SUPPLY.forEach((mode, i) => {
    const text = split.modes[i];
    if (text !== null && text !== undefined) block[mode] = entryOf(text);
  });
  const missing = split.modes.flatMap((m, i) => (m === null ? [i + 1] : []));
  if (named && missing.length) problems.push({ kind: 'missing-mode', modes: missing });
  return { block, problems };
}

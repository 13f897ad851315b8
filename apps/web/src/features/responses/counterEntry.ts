/**
 * The counter-offer rules of an entry (the spec's offer workflow), pure so they can be tested alone.
 *
 * A mode-of-supply entry of a sector has two kinds of content:
 * - its value (level of commitment or a written limitation, GATS+ and AfCFTA+): editing it is a counter proposal,
 *   the entry becomes changed and edited (green, with Reset and Chat);
 * - its note (the comment under the entry: sector → limitation block → entry → note, the "third level"): writing it
 *   answers the point without proposing another level, so the entry becomes resolved (not edited) and the sector
 *   is marked changed.
 * An entry brought back to the original content loses every flag: nothing was changed.
 */
import type { CommitmentEntry, LimitationBlock, OfferDocument, Sector } from '@portal/shared';
import { MODES_OF_SUPPLY } from '../offers/contract';
import type { LimitationKey } from '../offers/document';

export const LIMITATION_KEYS: readonly LimitationKey[] = ['limitationsMA', 'limitationsOnNationalTreatment'];
type Mode = (typeof MODES_OF_SUPPLY)[number];

const VALUE_FIELDS = ['value', 'isChecked', 'isCheckedLiberation'] as const;
const NOTE_FIELDS = ['hasComment', 'comment'] as const;

/** What the screen shows for an entry. */
type EntryState = 'unchanged' | 'edited' | 'resolved';

export function entryState(entry: CommitmentEntry): EntryState {
  if (entry.resolved) return 'resolved';
  if (entry.edited || entry.hasChanged) return 'edited';
  return 'unchanged';
}

const clearFlags = (entry: CommitmentEntry): CommitmentEntry => ({
  ...entry,
  hasChanged: false,
  edited: false,
  resolved: false,
});

/** The note as a reader sees it: a comment switched off says nothing. */
const noteOf = (e: CommitmentEntry) => (e.hasComment ? e.comment.trim() : '');

/** Same commitment content (flags aside): what "changed" is measured against. */
function sameEntryContent(a: CommitmentEntry, b: CommitmentEntry): boolean {
  return (
    a.value.trim() === b.value.trim() &&
    a.isChecked === b.isChecked &&
    a.isCheckedLiberation === b.isCheckedLiberation &&
    noteOf(a) === noteOf(b)
  );
}

/** Applies one edit of an entry (`next` is the entry after the user's change, `previous` before it). */
export function editEntry(
  previous: CommitmentEntry,
  next: CommitmentEntry,
  original: CommitmentEntry,
): CommitmentEntry {
  const valueEdited = VALUE_FIELDS.some((f) => next[f] !== previous[f]);
  const noteEdited = NOTE_FIELDS.some((f) => next[f] !== previous[f]);
  if (!valueEdited && !noteEdited) return previous;
  if (sameEntryContent(next, original)) return clearFlags(next);
  if (valueEdited) return { ...next, hasChanged: true, edited: true, resolved: false };
  return { ...next, hasChanged: true, edited: false, resolved: true };
}

/** Back to the original entry, with no flag. */
function resetEntry(original: CommitmentEntry): CommitmentEntry {
  return clearFlags(original);
}

const blockChanged = (b: LimitationBlock) =>
  MODES_OF_SUPPLY.some((m) => b[m].hasChanged || b[m].edited || b[m].resolved);

/** True when an entry of the sector was changed or resolved in this counter offer. */
function sectorHasChanges(sector: Sector): boolean {
  return LIMITATION_KEYS.some((k) => blockChanged(sector.sectorCommitement[k]));
}

function withEntry(sector: Sector, kind: LimitationKey, mode: Mode, entry: CommitmentEntry): Sector {
  if (sector.sectorCommitement[kind][mode] === entry) return sector;
  const block = { ...sector.sectorCommitement[kind], [mode]: entry };
  const next = { ...sector, sectorCommitement: { ...sector.sectorCommitement, [kind]: block } };
  return { ...next, changed: sectorHasChanges(next) };
}

/** A user's edit of one entry of a sector, in counter-offer mode; the sector's `changed` follows its entries. */
export function editSectorEntry(
  sector: Sector,
  original: Sector,
  kind: LimitationKey,
  mode: Mode,
  update: (e: CommitmentEntry) => CommitmentEntry,
): Sector {
  const previous = sector.sectorCommitement[kind][mode];
  return withEntry(sector, kind, mode, editEntry(previous, update(previous), original.sectorCommitement[kind][mode]));
}

/** Reset of one entry of a sector to the original. */
export function resetSectorEntry(sector: Sector, original: Sector, kind: LimitationKey, mode: Mode): Sector {
  return withEntry(sector, kind, mode, resetEntry(original.sectorCommitement[kind][mode]));
}

/** The offer answered, as the starting point of a counter offer: the flags of earlier rounds cleared. */
export function startCounterOffer(doc: OfferDocument): OfferDocument {
  const clearBlock = (b: LimitationBlock): LimitationBlock => ({
    ...b,
    crossBorder: clearFlags(b.crossBorder),
    consumptionAbroad: clearFlags(b.consumptionAbroad),
    commercialPresence: clearFlags(b.commercialPresence),
    presenceOfNaturalPersons: clearFlags(b.presenceOfNaturalPersons),
  });
  return {
    ...doc,
    sectors: doc.sectors.map((s) => ({
      ...s,
      changed: false,
      sectorCommitement: {
        ...s.sectorCommitement,
        limitationsMA: clearBlock(s.sectorCommitement.limitationsMA),
        limitationsOnNationalTreatment: clearBlock(s.sectorCommitement.limitationsOnNationalTreatment),
      },
    })),
  };
}

/** How many entries the counter offer changed or resolved. */
export function countChanges(doc: OfferDocument): number {
  let n = 0;
  for (const s of doc.sectors)
    for (const k of LIMITATION_KEYS)
      for (const m of MODES_OF_SUPPLY) if (entryState(s.sectorCommitement[k][m]) !== 'unchanged') n++;
  return n;
}

/**
 * A request in the offer editor's terms: the editor works on an offer document, so a request is held as one whose
 * opening statement (description) is the covering note and whose sectors are the sectors asked for. A mode whose value
 * is left blank is not asked for: a new request sector starts with every mode blank (an offer's starts at Unbound*).
 */
import type { OfferDocument, RequestBody, Sector } from '@portal/shared';
import { MODES_OF_SUPPLY, blankOfferDocument, blankSector } from '../offers/contract';

export const LIMITATION_KEYS = ['limitationsMA', 'limitationsOnNationalTreatment'] as const;

export function requestDocument(note: string, sectors: Sector[]): OfferDocument {
  return { ...blankOfferDocument(), description: note, sectors };
}

/** A sector to ask for: no service chosen yet, every mode blank (not asked). */
export function blankRequestSector(sectorId: string): Sector {
  const sector = blankSector(sectorId);
  const blank = (key: (typeof LIMITATION_KEYS)[number]) => {
    const block = { ...sector.sectorCommitement[key] };
    for (const mode of MODES_OF_SUPPLY) block[mode] = { ...block[mode], value: '' };
    return block;
  };
  return {
    ...sector,
    sectorCommitement: {
      ...sector.sectorCommitement,
      limitationsMA: blank('limitationsMA'),
      limitationsOnNationalTreatment: blank('limitationsOnNationalTreatment'),
    },
  };
}

/** Whether a sector asks for anything: a value in one mode of market access or national treatment, or an additional commitment. */
export function asksSomething(sector: Sector): boolean {
  const c = sector.sectorCommitement;
  return (
    LIMITATION_KEYS.some((key) => MODES_OF_SUPPLY.some((mode) => c[key][mode].value.trim() !== '')) ||
    c.additionalCommitment.commitment.trim() !== ''
  );
}

export type RequestProblem = { kind: 'noSector' } | { kind: 'asksNothing'; index: number };

/**
 * What stops a request from being saved: no sector chosen (a sector with no service is dropped on saving, as in an
 * offer), or a chosen sector that asks for nothing.
 */
export function requestProblems(doc: OfferDocument): RequestProblem[] {
  const chosen = doc.sectors.map((s, index) => ({ s, index })).filter(({ s }) => s.services.length > 0);
  if (chosen.length === 0) return [{ kind: 'noSector' }];
  return chosen.filter(({ s }) => !asksSomething(s)).map(({ index }) => ({ kind: 'asksNothing', index }));
}

/** The body of POST /request-offer/{offerId} and PUT …/{requestId}: the note and the sectors chosen. */
export function requestBodyOf(doc: OfferDocument, submitted: boolean): RequestBody {
  return { note: doc.description, sectors: doc.sectors.filter((s) => s.services.length > 0), submitted };
}

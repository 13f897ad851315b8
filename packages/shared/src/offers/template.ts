import type { CommitmentEntry, LimitationBlock, OfferDocument, Sector, SectorCommitment, TableCell } from './schema.js';
import { DEFAULT_COMMITMENT_VALUE, DEFAULT_SECTOR_TYPE, HORIZONTAL_ROW_CELLS, MFN_ROW_CELLS } from './constants.js';

export function blankEntry(value: string = DEFAULT_COMMITMENT_VALUE): CommitmentEntry {
  return {
    value,
    hasComment: false,
    comment: '',
    isChecked: false,
    isCheckedLiberation: false,
    hasChanged: false,
    edited: false,
    resolved: false,
  };
}

export function blankLimitations(): LimitationBlock {
  return {
    crossBorder: blankEntry(),
    consumptionAbroad: blankEntry(),
    commercialPresence: blankEntry(),
    presenceOfNaturalPersons: blankEntry(),
    comment: '',
  };
}

export function blankSectorCommitment(): SectorCommitment {
  return {
    limitationsMA: blankLimitations(),
    limitationsOnNationalTreatment: blankLimitations(),
    initialCommitment: { commitment: '', comment: '', show: false, plata: '' },
    additionalCommitment: { commitment: '', comment: '' },
    gatsOffersAndCommitments: '',
    sectorSubSectorAsadditionalToAutonomousLiberalisationRegime: '',
  };
}

/** A new sector, with a fresh id, ready for its first step (choosing the service). */
export function blankSector(sectorId: string): Sector {
  return {
    type: DEFAULT_SECTOR_TYPE,
    codes: [],
    details: [],
    codesCPC: [],
    codesCPC2: [],
    services: [],
    cpc_codes: [],
    provisional_codes: [],
    changed: false,
    sectorId,
    sectorCommitement: blankSectorCommitment(),
  };
}

export function blankCell(): TableCell {
  return { value: '', style: { cols: null, weight: 'normal' } };
}

export function blankRow(kind: 'horizontal' | 'mfn'): TableCell[] {
  return Array.from({ length: kind === 'horizontal' ? HORIZONTAL_ROW_CELLS : MFN_ROW_CELLS }, blankCell);
}

/** The blank template: every field of the document with an empty value. */
export function blankOfferDocument(): OfferDocument {
  return {
    name: '',
    description: '',
    comment: '',
    geenralCommitement: [],
    nameCon: '',
    descriptionCon: '',
    commentCon: '',
    geenralCommitementCon: [],
    previewStatus: false,
    countries: [],
    regions: [],
    sectors: [],
  };
}

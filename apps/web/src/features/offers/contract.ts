/**
 * The few runtime values of the offers contract the browser needs, without zod: importing anything from
 * packages/shared/src/offers/schema.ts (or template.ts, which imports it) brings its zod schemas, about 120 kB
 * gzipped, into every offers page. contract.test.ts checks each value here against @portal/shared, so they cannot drift.
 */
import type { CommitmentEntry, LimitationBlock, OfferDocument, Sector, SectorCommitment, TableCell } from '@portal/shared';

export const MODES_OF_SUPPLY = ['crossBorder', 'consumptionAbroad', 'commercialPresence', 'presenceOfNaturalPersons'] as const;
export const MFN_COLUMNS = ['sector', 'descriptionOfMeasure', 'countries', 'intended', 'conditions'] as const;
export const HORIZONTAL_ROW_CELLS = 4;
export const MFN_ROW_CELLS = 5;
export const DEFAULT_COMMITMENT_VALUE = 'Unbound*';
export const DEFAULT_SECTOR_TYPE = 'W_120';

export function blankEntry(value: string = DEFAULT_COMMITMENT_VALUE): CommitmentEntry {
  return { value, hasComment: false, comment: '', isChecked: false, isCheckedLiberation: false, hasChanged: false, edited: false, resolved: false };
}

export function blankLimitations(): LimitationBlock {
  return { crossBorder: blankEntry(), consumptionAbroad: blankEntry(), commercialPresence: blankEntry(), presenceOfNaturalPersons: blankEntry(), comment: '' };
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

/**
 * The runtime values of the offers contract the browser needs, from the zod-free modules of @portal/shared:
 * importing the package's index would bring its zod schemas (about 120 kB gzipped) into every offers page.
 */
export {
  DEFAULT_COMMITMENT_VALUE,
  DEFAULT_SECTOR_TYPE,
  HORIZONTAL_ROW_CELLS,
  MFN_COLUMNS,
  MFN_ROW_CELLS,
  MODES_OF_SUPPLY,
} from '@portal/shared/offers/constants';
export {
  blankCell,
  blankEntry,
  blankLimitations,
  blankOfferDocument,
  blankRow,
  blankSector,
  blankSectorCommitment,
} from '@portal/shared/offers/template';

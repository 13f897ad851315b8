/** The values of the offers contract the browser needs without zod (template.ts and the web app import this file). */

/** The level-of-commitment choices of the editor; anything else is an 'Other' limitation written out. */
export const COMMITMENT_VALUES = ['', 'Unbound*', 'Unbound', 'None'] as const;
export const DEFAULT_COMMITMENT_VALUE = 'Unbound*';

/** The four modes of supply, in schedule order. */
export const MODES_OF_SUPPLY = [
  'crossBorder',
  'consumptionAbroad',
  'commercialPresence',
  'presenceOfNaturalPersons',
] as const;
export type ModeOfSupply = (typeof MODES_OF_SUPPLY)[number];

/** Horizontal-commitment table rows have 4 cells, MFN-exemption rows 5 (fewer when cells span columns). */
export const HORIZONTAL_ROW_CELLS = 4;
export const MFN_ROW_CELLS = 5;
export const MFN_COLUMNS = ['sector', 'descriptionOfMeasure', 'countries', 'intended', 'conditions'] as const;

export { DEFAULT_SECTOR_TYPE } from '../sectors/types.js';

import { z } from 'zod';
import { storedOfferDocumentSchema } from './schema.js';

/** Largest schedule file POST /offers/import reads (the size of the other uploads). */
export const OFFER_IMPORT_MAX_MB = 10;

/** Why a part of an imported schedule was not placed in the offer (the web app words each, en/fr/ar). */
export const IMPORT_WARNING_REASONS = [
  /** The row's sector matches no service of the classification: the row is left out. */
  'SECTOR_NOT_MATCHED',
  /** One of several services of the row matches nothing: the others are kept. */
  'SERVICE_NOT_MATCHED',
  /** The row names a sector already imported above: it is left out (an offer holds each sector once). */
  'SECTOR_REPEATED',
  /** A limitations cell without mode marks "1)" … "4)": its text is kept as the block's comment. */
  'MODES_NOT_FOUND',
  /** A limitations cell that names some modes but not all: the others are left blank. */
  'MODE_MISSING',
  /** CPC codes in brackets that are not codes of the row's service: left out. */
  'CPC_NOT_PLACED',
  /** More sectors than an offer holds: the rest are left out. */
  'TOO_MANY_SECTORS',
  /** A table row outside the parts of a schedule the portal holds. */
  'ROW_NOT_PLACED',
] as const;
export type ImportWarningReason = (typeof IMPORT_WARNING_REASONS)[number];

export const importWarningSchema = z.object({
  reason: z.enum(IMPORT_WARNING_REASONS),
  /** The Word table (1 for the first), when the file is a document. */
  table: z.number().int().optional(),
  /** The sheet's name, when the file is a workbook. */
  sheet: z.string().optional(),
  /** The row in its table or sheet (1 for the first). */
  row: z.number().int(),
  /** The text concerned, as written in the file (cut at 500 characters). */
  text: z.string(),
  /** The column concerned, when one: MA, NT. */
  column: z.enum(['MA', 'NT']).optional(),
  /** The modes concerned (1 to 4), when some. */
  modes: z.array(z.number().int()).optional(),
});
export type ImportWarning = z.infer<typeof importWarningSchema>;

/** What POST /offers/import answers: an offer document (not saved) and what could not be placed in it. */
export const offerImportSchema = z.object({
  offer: storedOfferDocumentSchema,
  warnings: z.array(importWarningSchema),
});
export type OfferImport = z.infer<typeof offerImportSchema>;

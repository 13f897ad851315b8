import { z } from 'zod';
import { LANGUAGES } from '../constants.js';

/** Files a schedule is exported as: PDF, Word and Excel. */
export const DOCUMENT_FORMATS = ['pdf', 'docx', 'xlsx'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

export const DOCUMENT_CONTENT_TYPES: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const DOCUMENT_MESSAGES = {
  format: `Choose a document format: ${DOCUMENT_FORMATS.join(', ')}.`,
  language: `Choose a document language: ${LANGUAGES.join(', ')}.`,
  version: 'The version must be a whole number from 1.',
  tooLarge: 'This schedule is too large to be made into a document.',
  busy: 'Many documents are being made at the moment. Please try again in a few seconds.',
  compareFormat: 'A comparison is made as a PDF: format=pdf.',
  compareWhat: 'Name two versions (from and to) or a counter offer (responseId) to compare.',
  failed: 'The document could not be made. Please try again; if it fails again, contact the secretariat.',
} as const;

const format = z.enum(DOCUMENT_FORMATS, { error: DOCUMENT_MESSAGES.format });
const language = z.enum(LANGUAGES, { error: DOCUMENT_MESSAGES.language });

const versionNumber = z.coerce
  .number({ error: DOCUMENT_MESSAGES.version })
  .int(DOCUMENT_MESSAGES.version)
  .min(1, DOCUMENT_MESSAGES.version)
  .max(1_000_000, DOCUMENT_MESSAGES.version);

/** GET /offers/{id}/export: format, language, and a submitted version (default: what the caller may see). */
export const offerExportQuerySchema = z.object({
  format,
  lang: language,
  version: versionNumber.optional(),
});
export type OfferExportQuery = z.infer<typeof offerExportQuerySchema>;

/** GET /response-offer/{responseId}/export. */
export const responseExportQuerySchema = z.object({ format, lang: language });

/**
 * GET /offers/{id}/compare/export: two submitted versions (`from`, `to`), or a counter offer of this offer against the
 * version it answers (`responseId`). A PDF only.
 */
export const compareExportQuerySchema = z
  .object({
    format: z.enum(['pdf'], { error: DOCUMENT_MESSAGES.compareFormat }),
    lang: language,
    from: versionNumber.optional(),
    to: versionNumber.optional(),
    responseId: z.string().max(64).optional(),
  })
  .refine(
    (q) => (q.responseId ? q.from === undefined && q.to === undefined : q.from !== undefined && q.to !== undefined),
    {
      message: DOCUMENT_MESSAGES.compareWhat,
    },
  );

/** POST /response-offer/file/{id} without a file: the language of the PDF the server makes (default: the caller's). */
export const responseFileQuerySchema = z.object({ lang: language.optional() });

export { DOCUMENTS_API_ROUTES } from './api-routes.js';

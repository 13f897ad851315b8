import crypto from 'node:crypto';
import { normalizeSectors, type OfferDocument, type TableCell } from '@portal/shared';
import { sanitizeRichText } from '../../lib/html.js';

const cleanRows = (rows: TableCell[][]) => rows.map((row) => row.map((cell) => ({ ...cell, value: sanitizeRichText(cell.value) })));

/** Rich text sanitized; nothing else changed (counter offers keep the structure they answer). */
export function sanitizeDocument(doc: OfferDocument): OfferDocument {
  return {
    ...doc,
    description: sanitizeRichText(doc.description),
    descriptionCon: sanitizeRichText(doc.descriptionCon),
    geenralCommitement: cleanRows(doc.geenralCommitement),
    geenralCommitementCon: cleanRows(doc.geenralCommitementCon),
  };
}

/**
 * What a save stores: rich text sanitized, sectors without services dropped, and sectors holding several
 * provisional or CPC codes split into one sector per code (spec section 4).
 */
export function prepareDocument(doc: OfferDocument): OfferDocument {
  const clean = sanitizeDocument(doc);
  return { ...clean, sectors: normalizeSectors(clean.sectors, () => crypto.randomUUID()) };
}

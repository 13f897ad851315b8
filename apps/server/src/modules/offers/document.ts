import crypto from 'node:crypto';
import {
  MESSAGES,
  OFFER_LIMITS,
  countNormalizedSectors,
  normalizeSectors,
  sectorIdentity,
  type OfferDocument,
  type ServiceCodesLookup,
  type TableCell,
} from '@portal/shared';
import { AppError } from '../../errors.js';
import { sanitizeRichText } from '../../lib/html.js';

const cleanRows = (rows: TableCell[][]) =>
  rows.map((row) => row.map((cell) => ({ ...cell, value: sanitizeRichText(cell.value) })));

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
 * provisional or CPC codes split into one sector per code, each with the services its code belongs to (the
 * spec's offer workflow; `services` gives a service's codes: serviceCodesLookup). A document that would split into
 * more sectors than OFFER_LIMITS.sectors is refused before anything is copied or stored: 413, like a body over
 * the size limit.
 */
export function prepareDocument(doc: OfferDocument, services: ServiceCodesLookup): OfferDocument {
  if (countNormalizedSectors(doc.sectors, services) > OFFER_LIMITS.sectors)
    throw new AppError(413, MESSAGES.offerTooManySectors, 'PAYLOAD_TOO_LARGE');
  const clean = sanitizeDocument(doc);
  return withSectorIds({ ...clean, sectors: normalizeSectors(clean.sectors, () => crypto.randomUUID(), services) });
}

/**
 * Every stored sector has an id from its first save (DESIGN 13): one without gets the identity its entries are keyed
 * by (a hash of its services), so that a counter offer and the version it answers meet sector by sector.
 */
export function withSectorIds<T extends Pick<OfferDocument, 'sectors'>>(doc: T): T {
  return { ...doc, sectors: doc.sectors.map((s) => (s.sectorId.trim() ? s : { ...s, sectorId: sectorIdentity(s) })) };
}

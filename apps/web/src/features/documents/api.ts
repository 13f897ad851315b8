/**
 * The document calls: a schedule as PDF, Word or Excel, made on the server in the chosen language.
 * `GET /offers/{id}/export` (optionally one submitted version) and `GET /response-offer/{id}/export` (a counter offer).
 */
import { DOCUMENT_FORMATS, type DocumentFormat, type Language } from '@portal/shared';
import { downloadFile } from '../../api/download';

/** The formats offered, in the menu's order: the contract's list. */
export const EXPORT_FORMATS = DOCUMENT_FORMATS;
export type ExportFormat = DocumentFormat;

/** What a document is made of: an offer (what the caller may see, or a submitted version), or a counter offer. */
export type ExportSource =
  { kind: 'offer'; offerId: string; version?: number | null } | { kind: 'counterOffer'; responseId: string };

const enc = encodeURIComponent;

/** The call's path under /api. */
function exportPath(source: ExportSource, format: ExportFormat, lang: Language): string {
  const query = new URLSearchParams({ format, lang });
  if (source.kind === 'counterOffer') return `/response-offer/${enc(source.responseId)}/export?${query}`;
  if (source.version != null) query.set('version', String(source.version));
  return `/offers/${enc(source.offerId)}/export?${query}`;
}

/** A name to save under when the server gave none (it normally does, with country, kind, version and language). */
function fallbackName(source: ExportSource, format: ExportFormat, lang: Language): string {
  const base =
    source.kind === 'counterOffer'
      ? `counter-offer-${source.responseId}`
      : `offer-${source.offerId}${source.version != null ? `-v${source.version}` : ''}`;
  return `${base}-${lang}.${format}`;
}

/** Asks the server for the document and saves it under the server's file name; resolves with that name. */
export function downloadExport(source: ExportSource, format: ExportFormat, lang: Language): Promise<string> {
  return downloadFile(exportPath(source, format, lang), fallbackName(source, format, lang));
}

import { inArray } from 'drizzle-orm';
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MESSAGES,
  OFFER_LIMITS,
  type DocumentFormat,
  type Language,
  type Offer,
  type OfferDocument,
} from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import { countries } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { classification } from '../sectors/classification.js';
import { getOffer, getOfferVersion } from '../offers/service.js';
import { getResponse } from '../responses/service.js';
import { renderDocx } from './docx.js';
import type { DocumentKind } from './labels.js';
import { buildLayout, type LayoutSource, type ScheduleLayout } from './layout.js';
import { buildComparison, type ComparisonLayout } from './comparison.js';
import { renderComparisonPdf, renderPdf } from './pdf.js';
import type { DocumentQueue } from './queue.js';
import { renderXlsx } from './xlsx.js';

/**
 * The most a document may hold: the sectors an offer may have, and the text of the stored document as JSON (a
 * 150-sector offer is about 0.3 million characters, a 1000-sector one about 2 million). Checked before any work: 413.
 * PDFs are typeset in a worker thread; Word and Excel files, and the word diff of a comparison, are built on the event
 * loop (a 1000-sector DOCX holds it about a second, 4 million characters six), hence their lower limit. Moving those
 * into the worker too is the next step if schedules grow.
 */
const DOCUMENT_LIMITS = {
  sectors: OFFER_LIMITS.sectors,
  documentChars: { pdf: 8_000_000, docx: 3_000_000, xlsx: 3_000_000 } satisfies Record<DocumentFormat, number>,
} as const;

export interface MadeDocument {
  file: Buffer;
  fileName: string;
  contentType: string;
}

/** Refuses a document over the limits before anything is typeset. */
function checkLimits(format: DocumentFormat, doc: OfferDocument, original?: OfferDocument | null): void {
  const chars = JSON.stringify(doc).length + (original ? JSON.stringify(original).length : 0);
  if (doc.sectors.length > DOCUMENT_LIMITS.sectors || chars > DOCUMENT_LIMITS.documentChars[format])
    throw new AppError(413, DOCUMENT_MESSAGES.tooLarge, 'PAYLOAD_TOO_LARGE');
}

/** Titles of the W/120 classification in a language, by the key a chosen service carries ('W120:1.A.a'). */
async function serviceTitles(language: Language): Promise<Map<string, string>> {
  const { w120 } = await classification();
  return new Map(w120.map((r) => [`W120:${r.code}`, r[`title_${language}`] || r.title_en]));
}

/** Country names in a language, by ISO code, with the English name for file names. */
async function countryNames(ctx: AppContext, codes: string[], language: Language) {
  const rows = await ctx.db.select().from(countries).where(inArray(countries.code, codes));
  const pick = (r: (typeof rows)[number]) => (language === 'fr' ? r.nameFr : language === 'ar' ? r.nameAr : r.name);
  return new Map(rows.map((r) => [r.code, { name: pick(r) || r.name, english: r.name }]));
}

/** Typesets a layout in a format (a comparison: PDF only). A failure of the engine is the user's 503 DOCUMENT_FAILED, logged, never a 500. */
async function renderLayout(
  ctx: AppContext,
  layout: ScheduleLayout | ComparisonLayout,
  format: DocumentFormat,
): Promise<MadeDocument> {
  let file: Buffer;
  try {
    if ('rows' in layout) file = await renderComparisonPdf(layout);
    else
      file =
        format === 'pdf'
          ? await renderPdf(layout)
          : format === 'docx'
            ? await renderDocx(layout)
            : await renderXlsx(layout);
  } catch (err) {
    ctx.log.error({ err, format, fileBase: layout.fileBase }, 'document failed');
    throw new AppError(503, DOCUMENT_MESSAGES.failed, 'DOCUMENT_FAILED');
  }
  if (file.length === 0) {
    ctx.log.error({ format, fileBase: layout.fileBase }, 'document came out empty');
    throw new AppError(503, DOCUMENT_MESSAGES.failed, 'DOCUMENT_FAILED');
  }
  return { file, fileName: `${layout.fileBase}.${format}`, contentType: DOCUMENT_CONTENT_TYPES[format] };
}

/**
 * The kind of an offer document: the shown version's own status (an earlier version of a finalized offer stays the
 * initial or revised offer it was), else what the next submission would make it.
 */
function offerKind(offer: Offer, shown: number | null): DocumentKind {
  if (shown === null) return offer.versions === 0 ? 'initial' : 'revised';
  if (offer.offerVersions.find((v) => v.number === shown)?.status === 'FINAL_OFFER') return 'final';
  return shown === 1 ? 'initial' : 'revised';
}

/** The version a document shows: the one named, else the latest when the draft is that submission unchanged. */
function shownVersion(offer: Offer): number | null {
  if (offer.versionShown !== null) return offer.versionShown;
  return offer.submittedToAU && offer.versions > 0 ? offer.versions : null;
}

/**
 * An offer as a document, as the actor may see it: `version` names a submitted version, else the draft for its
 * country and the secretariat and the latest submitted version for others (the offers service decides; an offer or
 * version the actor may not read is its 404).
 */
async function offerLayout(
  ctx: AppContext,
  {
    actor,
    id,
    version,
    language,
    format,
  }: { actor: Actor; id: string; version?: number; language: Language; format: DocumentFormat },
): Promise<ScheduleLayout> {
  const offer =
    version === undefined
      ? await getOffer(ctx, { actor, id })
      : await getOfferVersion(ctx, { actor, id, number: version });
  checkLimits(format, offer);
  const names = await countryNames(ctx, [offer.countryCode], language);
  const number = shownVersion(offer);
  const shown = offer.offerVersions.find((v) => v.number === number);
  const source: LayoutSource = {
    document: offer,
    language,
    kind: offerKind(offer, number),
    country: names.get(offer.countryCode) ?? { name: offer.countryNameCreator, english: offer.countryNameCreator },
    version: number,
    date: new Date(shown?.createdAt ?? offer.updatedAt),
    titles: await serviceTitles(language),
  };
  return buildLayout(source);
}

/** A counter offer as a document, each changed entry marked beside the version it answers. */
async function responseLayout(
  ctx: AppContext,
  { actor, id, language, format }: { actor: Actor; id: string; language: Language; format: DocumentFormat },
): Promise<ScheduleLayout> {
  const response = await getResponse(ctx, { actor, id });
  checkLimits(format, response.document, response.original);
  const names = await countryNames(ctx, [response.offerCountryCode, response.responderCountryCode], language);
  return buildLayout({
    document: response.document,
    original: response.original,
    language,
    kind: 'counter',
    country: names.get(response.offerCountryCode) ?? {
      name: response.offerCountryName,
      english: response.offerCountryName,
    },
    counterCountry: names.get(response.responderCountryCode) ?? {
      name: response.responderCountryName,
      english: response.responderCountryName,
    },
    version: response.versionNumber,
    date: new Date(response.createdAt),
    titles: await serviceTitles(language),
  });
}

/** GET /offers/{id}/export, through the queue. */
export function exportOffer(
  ctx: AppContext,
  queue: DocumentQueue,
  options: { actor: Actor; id: string; version?: number; language: Language; format: DocumentFormat },
): Promise<MadeDocument> {
  return queue.run(async () => renderLayout(ctx, await offerLayout(ctx, options), options.format), options.actor.id);
}

/** GET /response-offer/{id}/export, and the PDF attached to a counter offer, through the queue. */
export function exportResponse(
  ctx: AppContext,
  queue: DocumentQueue,
  options: { actor: Actor; id: string; language: Language; format: DocumentFormat },
): Promise<MadeDocument> {
  return queue.run(async () => renderLayout(ctx, await responseLayout(ctx, options), options.format), options.actor.id);
}

/**
 * Two submitted versions of an offer (`from`, `to`), or a counter offer of this offer against the version it answers
 * (`responseId`), compared: what the actor may read of each (404 otherwise, also for a counter offer of another offer).
 */
async function comparisonLayout(
  ctx: AppContext,
  {
    actor,
    id,
    from,
    to,
    responseId,
    language,
  }: { actor: Actor; id: string; from?: number; to?: number; responseId?: string; language: Language },
): Promise<ComparisonLayout> {
  const titles = await serviceTitles(language);
  if (responseId) {
    const response = await getResponse(ctx, { actor, id: responseId });
    if (response.offerId !== id) throw notFound();
    checkLimits('pdf', response.document, response.original);
    const names = await countryNames(ctx, [response.offerCountryCode, response.responderCountryCode], language);
    const named = (code: string, fallback: string) => names.get(code) ?? { name: fallback, english: fallback };
    return buildComparison({
      before: response.original,
      after: response.document,
      language,
      country: named(response.offerCountryCode, response.offerCountryName),
      versions: {
        counterCountry: named(response.responderCountryCode, response.responderCountryName),
        version: response.versionNumber,
      },
      date: new Date(response.createdAt),
      titles,
    });
  }
  const before = await getOfferVersion(ctx, { actor, id, number: from! });
  const after = await getOfferVersion(ctx, { actor, id, number: to! });
  checkLimits('pdf', after, before);
  const names = await countryNames(ctx, [after.countryCode], language);
  const shown = after.offerVersions.find((v) => v.number === to);
  return buildComparison({
    before,
    after,
    language,
    country: names.get(after.countryCode) ?? { name: after.countryNameCreator, english: after.countryNameCreator },
    versions: { from: from!, to: to! },
    date: new Date(shown?.createdAt ?? after.updatedAt),
    titles,
  });
}

/** GET /offers/{id}/compare/export, through the queue. */
export function exportComparison(
  ctx: AppContext,
  queue: DocumentQueue,
  options: Parameters<typeof comparisonLayout>[1],
): Promise<MadeDocument> {
  return queue.run(async () => renderLayout(ctx, await comparisonLayout(ctx, options), 'pdf'), options.actor.id);
}

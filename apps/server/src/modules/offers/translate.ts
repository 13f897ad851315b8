import { eq } from 'drizzle-orm';
import {
  detectLanguage,
  fixedTermIndex,
  isUuid,
  translateFixedTerm,
  type FixedTermIndex,
  type Language,
  type OfferDocument,
  type TranslationNote,
} from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import { countries, offerVersions } from '../../db/schema/index.js';
import { notFound, firstOr404 } from '../../errors.js';
import type { Translator } from '../../providers/translate/index.js';
import { classification } from '../sectors/classification.js';
import { sanitizeDocument } from './document.js';
import { getResponse } from '../responses/service.js';
import { getOffer, getOfferVersion } from './service.js';

/** Distinct texts one request may send to a remote translator (TRANSLATE_URL); the rest stay as written. */
export const MAX_REMOTE_TEXTS = 2000;

type Rewrite = (text: string) => string;

/** Every translatable text of a document, rewritten in place: free text through `text`, service titles through `title`. */
function rewriteTexts(doc: OfferDocument, text: Rewrite, title: (key: string, current: string) => string): void {
  for (const field of ['name', 'description', 'comment', 'nameCon', 'descriptionCon', 'commentCon'] as const)
    doc[field] = text(doc[field]);
  for (const row of [...doc.geenralCommitement, ...doc.geenralCommitementCon])
    for (const cell of row) cell.value = text(cell.value);
  const entries = (block: Record<string, any>) => {
    for (const mode of ['crossBorder', 'consumptionAbroad', 'commercialPresence', 'presenceOfNaturalPersons']) {
      block[mode].value = text(block[mode].value);
      block[mode].comment = text(block[mode].comment);
    }
    block.comment = text(block.comment);
  };
  for (const sector of doc.sectors) {
    for (const service of sector.services) service.title = title(service.key, service.title);
    const c = sector.sectorCommitement;
    entries(c.limitationsMA);
    entries(c.limitationsOnNationalTreatment);
    c.additionalCommitment.commitment = text(c.additionalCommitment.commitment);
    c.additionalCommitment.comment = text(c.additionalCommitment.comment);
    c.initialCommitment.commitment = text(c.initialCommitment.commitment);
  }
}

const translatable = (text: string) => !!text && /\p{L}/u.test(text);
const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** The fixed terms the server adds to the schedule's vocabulary: country names and W/120 titles (data/reference). */
async function referenceTerms(ctx: AppContext): Promise<FixedTermIndex> {
  const { w120 } = await classification();
  const names = await ctx.db.select({ en: countries.name, fr: countries.nameFr, ar: countries.nameAr }).from(countries);
  return fixedTermIndex([...names, ...w120.map((r) => ({ en: r.title_en, fr: r.title_fr, ar: r.title_ar }))]);
}

/**
 * A copy of an offer document in another language, nothing stored:
 * - a fixed term of the schedule (Unbound, None, modes, headings, statuses, country names, W/120 titles) is translated
 *   only when the whole value IS the term (shared vocabulary); a service title from the classification by its key;
 * - any other text already in the asked language (told from the text, else from the whole document) stays as it is,
 *   so an English offer asked in English comes back unchanged;
 * - the rest is translated whole by the configured provider (TRANSLATE_URL), each distinct text once and in batches,
 *   and counted as machine translation; without a provider, or when it fails, it stays exactly as written, counted.
 * What the provider returns is untrusted: the rich text of the result goes through the same sanitizer as a save.
 */
export async function translateDocument<T extends OfferDocument>(
  ctx: AppContext,
  translator: Translator | null,
  doc: T,
  language: Language,
  { maxRemoteTexts = MAX_REMOTE_TEXTS }: { maxRemoteTexts?: number } = {},
): Promise<{ document: T; note: TranslationNote }> {
  const copy: T = structuredClone(doc);
  const { w120, cpcProv, cpc21 } = await classification();
  const terms = await referenceTerms(ctx);
  const w120Rows = new Map(w120.map((r) => [`W120:${r.code}`, r]));
  const cpcTitles = new Map<string, string>([
    ...cpcProv.map((r) => [`CPC_PROV:${r.code}`, r.title_en] as const),
    ...cpc21.map((r) => [`CPC21:${r.code}`, r.title_en] as const),
  ]);

  // Service titles: the classification's own, whatever language they were chosen in; a title of the user's is free text.
  const titles = new Map<string, string>();
  let untranslatedTitles = 0;
  const titleOf = (key: string, current: string): string | undefined => {
    const row = w120Rows.get(key);
    if (row && [row.title_en, row.title_fr, row.title_ar].some((t) => t && same(t, current))) {
      const wanted = row[`title_${language}`];
      // Already in the asked language (whatever its capitals): as written, so a translation into the offer's own
      // language changes nothing.
      return wanted && !same(wanted, current) ? wanted : current;
    }
    const cpc = cpcTitles.get(key);
    if (cpc && same(cpc, current)) return current; // CPC titles exist in English only: never machine-translated
    return undefined;
  };

  const distinct = new Set<string>();
  const collect: Rewrite = (text) => (translatable(text) ? (distinct.add(text), text) : text);
  rewriteTexts(copy, collect, (key, current) => {
    const title = titleOf(key, current);
    if (title === undefined) return collect(current);
    if (title === current && language !== 'en' && cpcTitles.has(key)) untranslatedTitles++;
    titles.set(`${key}\u0000${current}`, title);
    return current;
  });

  const translated = new Map<string, string>();
  const free: string[] = [];
  for (const text of distinct) {
    const fixed = translateFixedTerm(text, language, terms);
    if (fixed !== undefined) translated.set(text, same(fixed, text) ? text : fixed);
    else free.push(text);
  }
  const fixedTerms = translated.size;
  const sourceLanguage = detectLanguage(free.join('\n'));
  const foreign = free.filter((text) => (detectLanguage(text) ?? sourceLanguage) !== language);

  const sent = translator ? foreign.slice(0, maxRemoteTexts) : [];
  const results = translator && sent.length ? await translator.translateMany(sent, language) : [];
  let machineTranslated = 0;
  sent.forEach((text, i) => {
    const result = results[i];
    if (!result?.translated) return;
    translated.set(text, result.text);
    machineTranslated++;
  });
  const overLimit = translator ? foreign.length - sent.length : 0;
  const untranslated = foreign.length - machineTranslated + untranslatedTitles;

  const apply: Rewrite = (text) => translated.get(text) ?? text;
  rewriteTexts(copy, apply, (key, current) => titles.get(`${key}\u0000${current}`) ?? apply(current));
  return {
    document: sanitizeDocument(copy) as T,
    note: {
      language,
      provider: machineTranslated > 0 ? 'libretranslate' : 'vocabulary',
      sourceLanguage,
      machineTranslated,
      fixedTerms,
      untranslated,
      overLimit,
    },
  };
}

/** Translates a stored offer as the actor may see it: PARENT (the offer), VERSION (a version, by its id) or RESPONSE (a counter offer, by its id). */
export async function translateStoredOffer(
  ctx: AppContext,
  translator: Translator | null,
  {
    actor,
    offerId,
    type,
    language,
  }: { actor: Actor; offerId: string; type: 'PARENT' | 'RESPONSE' | 'VERSION'; language: Language },
) {
  if (type === 'PARENT')
    return translateDocument(ctx, translator, await getOffer(ctx, { actor, id: offerId }), language);
  if (type === 'VERSION') {
    if (!isUuid(offerId)) throw notFound();
    const version = await firstOr404(
      ctx.db
        .select({ offerId: offerVersions.offerId, number: offerVersions.number })
        .from(offerVersions)
        .where(eq(offerVersions.id, offerId)),
    );
    return translateDocument(
      ctx,
      translator,
      await getOfferVersion(ctx, { actor, id: version.offerId, number: version.number }),
      language,
    );
  }
  // RESPONSE: a counter offer, by its id, for those who may see it (the two countries and the secretariat).
  const response = await getResponse(ctx, { actor, id: offerId });
  return translateDocument(ctx, translator, response.document, language);
}

import { eq } from 'drizzle-orm';
import type { Language, OfferDocument } from '@portal/shared';
import { isUuid } from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import { offerVersions } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { Translator } from '../../providers/translate/index.js';
import { classification } from '../sectors/classification.js';
import { sanitizeDocument } from './document.js';
import { getResponse } from '../responses/service.js';
import { getOffer, getOfferVersion } from './service.js';

/** Distinct texts one request may send to a remote translator (TRANSLATE_URL); the rest stay as written. */
export const MAX_REMOTE_TEXTS = 2000;

export interface TranslationNote {
  language: Language;
  provider: string;
  /** Text fields left as written: free text the provider could not translate, and those over the limit. */
  untranslated: number;
  /** Distinct texts not sent to the remote translator because the request reached MAX_REMOTE_TEXTS (0 otherwise). */
  overLimit: number;
}

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

/**
 * A copy of an offer document in another language: service titles from the classification's own
 * translations, every other text through the translator (the schedule glossary by default), each distinct text
 * once and, for a remote translator, in batches. Nothing is stored.
 * What the translator returns is untrusted: the rich text of the result goes through the same sanitizer as a save.
 */
export async function translateDocument<T extends OfferDocument>(
  translator: Translator,
  doc: T,
  language: Language,
  { maxRemoteTexts = MAX_REMOTE_TEXTS }: { maxRemoteTexts?: number } = {},
): Promise<{ document: T; note: TranslationNote }> {
  const copy: T = structuredClone(doc);
  const { w120 } = await classification();
  const titles = new Map(w120.map((r) => [`W120:${r.code}`, r[`title_${language}`] || r.title_en]));

  const distinct = new Set<string>();
  const collect: Rewrite = (text) => (translatable(text) ? (distinct.add(text), text) : text);
  rewriteTexts(copy, collect, (key, current) => (titles.has(key) ? current : collect(current)));

  const all = [...distinct];
  const limit = translator.remote ? maxRemoteTexts : Infinity;
  const sent = all.slice(0, limit);
  const results = await translator.translateMany(sent, language);
  const translated = new Map(sent.map((text, i) => [text, results[i].text]));
  const overLimit = all.length - sent.length;
  const untranslated = results.filter((r) => !r.translated).length + overLimit;
  const provider = results.some((r) => r.provider === 'libretranslate') ? 'libretranslate' : 'glossary';

  const apply: Rewrite = (text) => translated.get(text) ?? text;
  rewriteTexts(copy, apply, (key, current) => titles.get(key) ?? apply(current));
  return { document: sanitizeDocument(copy) as T, note: { language, provider, untranslated, overLimit } };
}

/** Translates a stored offer as the actor may see it: PARENT (the offer), VERSION (a version, by its id) or RESPONSE (a counter offer, by its id). */
export async function translateStoredOffer(
  ctx: AppContext,
  translator: Translator,
  {
    actor,
    offerId,
    type,
    language,
  }: { actor: Actor; offerId: string; type: 'PARENT' | 'RESPONSE' | 'VERSION'; language: Language },
) {
  if (type === 'PARENT') return translateDocument(translator, await getOffer(ctx, { actor, id: offerId }), language);
  if (type === 'VERSION') {
    if (!isUuid(offerId)) throw notFound();
    const [version] = await ctx.db
      .select({ offerId: offerVersions.offerId, number: offerVersions.number })
      .from(offerVersions)
      .where(eq(offerVersions.id, offerId));
    if (!version) throw notFound();
    return translateDocument(
      translator,
      await getOfferVersion(ctx, { actor, id: version.offerId, number: version.number }),
      language,
    );
  }
  // RESPONSE: a counter offer, by its id, for those who may see it (the two countries and the secretariat).
  const response = await getResponse(ctx, { actor, id: offerId });
  return translateDocument(translator, response.document, language);
}

import { eq } from 'drizzle-orm';
import type { Language, OfferDocument } from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import { offerVersions } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { Translator } from '../../providers/translate/index.js';
import { classification } from '../sectors/classification.js';
import { getOffer, getOfferVersion } from './service.js';

export interface TranslationNote {
  language: Language;
  provider: string;
  /** Text fields left as written: free text the provider could not translate. */
  untranslated: number;
}

/**
 * A copy of an offer document in another language: service titles from the classification's own
 * translations, every other text through the translator (the schedule glossary by default). Nothing is stored.
 */
export async function translateDocument<T extends OfferDocument>(translator: Translator, doc: T, language: Language): Promise<{ document: T; note: TranslationNote }> {
  const copy: T = structuredClone(doc);
  const texts = new Map<string, string>();
  let untranslated = 0;
  let provider = 'glossary';
  const tr = async (text: string): Promise<string> => {
    if (!text || !/\p{L}/u.test(text)) return text;
    const known = texts.get(text);
    if (known !== undefined) return known;
    const result = await translator.translate(text, language);
    provider = result.provider;
    if (!result.translated) untranslated++;
    texts.set(text, result.text);
    return result.text;
  };
  const entries = async (block: Record<string, any>) => {
    for (const mode of ['crossBorder', 'consumptionAbroad', 'commercialPresence', 'presenceOfNaturalPersons']) {
      block[mode].value = await tr(block[mode].value);
      block[mode].comment = await tr(block[mode].comment);
    }
    block.comment = await tr(block.comment);
  };

  for (const field of ['name', 'description', 'comment', 'nameCon', 'descriptionCon', 'commentCon'] as const) copy[field] = await tr(copy[field]);
  for (const row of [...copy.geenralCommitement, ...copy.geenralCommitementCon]) for (const cell of row) cell.value = await tr(cell.value);

  const { w120 } = await classification();
  const titles = new Map(w120.map((r) => [`W120:${r.code}`, r[`title_${language}`] || r.title_en]));
  for (const sector of copy.sectors) {
    for (const service of sector.services) service.title = titles.get(service.key) ?? (await tr(service.title));
    const c = sector.sectorCommitement;
    await entries(c.limitationsMA);
    await entries(c.limitationsOnNationalTreatment);
    c.additionalCommitment.commitment = await tr(c.additionalCommitment.commitment);
    c.additionalCommitment.comment = await tr(c.additionalCommitment.comment);
    c.initialCommitment.commitment = await tr(c.initialCommitment.commitment);
  }
  return { document: copy, note: { language, provider, untranslated } };
}

/** Translates a stored offer as the actor may see it: PARENT (the offer) or VERSION (a version, by its id). */
export async function translateStoredOffer(
  ctx: AppContext,
  translator: Translator,
  { actor, offerId, type, language }: { actor: Actor; offerId: string; type: 'PARENT' | 'RESPONSE' | 'VERSION'; language: Language },
) {
  if (type === 'PARENT') return translateDocument(translator, await getOffer(ctx, { actor, id: offerId }), language);
  if (type === 'VERSION') {
    if (!/^[0-9a-f-]{36}$/i.test(offerId)) throw notFound();
    const [version] = await ctx.db.select({ offerId: offerVersions.offerId, number: offerVersions.number }).from(offerVersions).where(eq(offerVersions.id, offerId));
    if (!version) throw notFound();
    return translateDocument(translator, await getOfferVersion(ctx, { actor, id: version.offerId, number: version.number }), language);
  }
  // Counter offers are not stored yet: there is no RESPONSE to translate.
  throw notFound();
}

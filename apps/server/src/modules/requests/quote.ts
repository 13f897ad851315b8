/**
 * The message that quotes a request in the two countries' negotiation room ("Discuss"), written once in the language of
 * the one who opens the discussion first: who asks whom, the sectors asked (their codes and titles as stored), the
 * covering note, and the request's address in the portal.
 */
import type { Sector } from '@portal/shared';

type Lang = 'en' | 'fr' | 'ar';

interface QuoteParams {
  requesting: string;
  requested: string;
  offerName: string;
  sectors: Sector[];
  note: string;
  link: string;
}

const TEXTS: Record<Lang, (p: QuoteParams & { list: string }) => string> = {
  en: (p) =>
    `Request from ${p.requesting} to ${p.requested} on ${p.offerName} (${p.sectors.length === 1 ? '1 sector' : `${p.sectors.length} sectors`}): ${p.list}.` +
    `${p.note ? `\nNote: “${p.note}”` : ''}\n${p.link}`,
  fr: (p) =>
    `Demande de ${p.requesting} à ${p.requested} concernant ${p.offerName} (${p.sectors.length === 1 ? '1 secteur' : `${p.sectors.length} secteurs`}) : ${p.list}.` +
    `${p.note ? `\nNote : « ${p.note} »` : ''}\n${p.link}`,
  ar: (p) =>
    `طلب من ${p.requesting} إلى ${p.requested} بشأن ${p.offerName} (عدد القطاعات: ${p.sectors.length}): ${p.list}.` +
    `${p.note ? `\nملاحظة: «${p.note}»` : ''}\n${p.link}`,
};

/** At most this many sectors are named in the quote; the rest are counted. */
const NAMED = 5;

export function requestQuote(language: string, p: QuoteParams): string {
  const lang: Lang = language === 'fr' || language === 'ar' ? language : 'en';
  const names = p.sectors.map((s) => s.services.map((x) => `${x.value} ${x.title}`.trim()).join(', '));
  const list = names.slice(0, NAMED).join('; ') + (names.length > NAMED ? '; …' : '');
  return TEXTS[lang]({ ...p, list });
}

/**
 * What a request's message in the two countries' negotiation room ("Discuss") says. The message is anchored to the
 * request (chat/anchors.ts): each reader's screen writes it in their own language with a link. This module builds the
 * anchor, and the stored text, written once in the language of the one who opens the discussion first, for clients
 * that do not read anchors: who asks whom, the sectors asked (their codes and titles as stored) and the covering note.
 */
import { ANCHOR_SECTORS_NAMED, sectorCodes, type ChatAnchor, type Sector } from '@portal/shared';

type Lang = 'en' | 'fr' | 'ar';
type RequestAnchor = Extract<ChatAnchor, { kind: 'request' }>;

interface QuoteParams {
  requesting: string;
  requested: string;
  offerName: string;
  sectors: Sector[];
  note: string;
}

const TEXTS: Record<Lang, (p: QuoteParams & { list: string }) => string> = {
  en: (p) =>
    `Request from ${p.requesting} to ${p.requested} on ${p.offerName} (${p.sectors.length === 1 ? '1 sector' : `${p.sectors.length} sectors`}): ${p.list}.` +
    `${p.note ? `\nNote: “${p.note}”` : ''}`,
  fr: (p) =>
    `Demande de ${p.requesting} à ${p.requested} concernant ${p.offerName} (${p.sectors.length === 1 ? '1 secteur' : `${p.sectors.length} secteurs`}) : ${p.list}.` +
    `${p.note ? `\nNote : « ${p.note} »` : ''}`,
  ar: (p) =>
    `طلب من ${p.requesting} إلى ${p.requested} بشأن ${p.offerName} (عدد القطاعات: ${p.sectors.length}): ${p.list}.` +
    `${p.note ? `\nملاحظة: «${p.note}»` : ''}`,
};

/** The stored text of a request's message, in the author's language. */
export function requestQuote(language: string, p: QuoteParams): string {
  const lang: Lang = language === 'fr' || language === 'ar' ? language : 'en';
  const names = p.sectors.map((s) => s.services.map((x) => `${x.value} ${x.title}`.trim()).join(', '));
  const list = names.slice(0, ANCHOR_SECTORS_NAMED).join('; ') + (names.length > ANCHOR_SECTORS_NAMED ? '; …' : '');
  return TEXTS[lang]({ ...p, list });
}

/** The anchor of a request's message: the countries by their codes, the first sectors named, the note. */
export function requestAnchor(p: {
  offerId: string;
  requestId: string;
  offerName: string;
  requestingCountryCode: string;
  requestedCountryCode: string;
  sectors: Sector[];
  note: string;
}): RequestAnchor {
  return {
    kind: 'request',
    offerId: p.offerId,
    requestId: p.requestId,
    offerName: p.offerName,
    requestingCountryCode: p.requestingCountryCode,
    requestedCountryCode: p.requestedCountryCode,
    sectors: p.sectors.slice(0, ANCHOR_SECTORS_NAMED).map((s) => ({
      code: sectorCodes(s).join(', '),
      title: s.services
        .map((x) => x.title.trim())
        .filter(Boolean)
        .join(', '),
    })),
    sectorCount: p.sectors.length,
    note: p.note,
  };
}

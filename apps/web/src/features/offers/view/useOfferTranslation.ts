/**
 * The preview's translated copy of an offer (the spec's languages: English, French or Arabic), read-only, never stored.
 * A stored offer is translated by id (no upload of the document); the editor's unsaved copy is sent as it is.
 */
import { useQuery } from '@tanstack/react-query';
import { detectLanguage, type CommitmentEntry, type Language, type OfferDocument } from '@portal/shared';
import { offersApi, type TranslatedOffer } from '../api';
import { MODES_OF_SUPPLY } from '../contract';

/** Each document object gets a number, so an edited copy is a new query without hashing a 1 MB document. */
const docIds = new WeakMap<OfferDocument, number>();
let nextDocId = 1;
const docId = (doc: OfferDocument) => {
  let id = docIds.get(doc);
  if (id === undefined) docIds.set(doc, (id = nextDocId++));
  return id;
};

export function useOfferTranslation(doc: OfferDocument, language: Language | null, offerId?: string) {
  return useQuery({
    queryKey: ['offers', 'translation', offerId ?? `doc-${docId(doc)}`, language],
    queryFn: (): Promise<TranslatedOffer> =>
      offerId ? offersApi.translateStored(offerId, language!) : offersApi.translate(doc, language!),
    enabled: language !== null,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

const hasLetters = (text: string) => /\p{L}/u.test(text);
/** Levels the screens show in the interface language whatever the document says. */
const LEVELS = new Set(['', 'None', 'Unbound', 'Unbound*']);

/**
 * The texts the translation left as written: free text equal in the original and in the copy, and not already in the
 * asked language (the server's rule, shared `detectLanguage`, the offer's own language when a text cannot tell). The
 * server only counts them (`translation.untranslated`); this finds which ones, so the preview can mark them.
 */
export function untranslatedTexts(original: OfferDocument, copy: TranslatedOffer): Set<string> {
  const out = new Set<string>();
  const { language, sourceLanguage = null } = copy.translation;
  const same = (a: string | undefined, b: string | undefined) => {
    if (a && a === b && hasLetters(a) && (detectLanguage(a) ?? sourceLanguage) !== language) out.add(a);
  };
  const entry = (a: CommitmentEntry, b: CommitmentEntry) => {
    if (!LEVELS.has(a.value.trim())) same(a.value, b?.value);
    same(a.comment, b?.comment);
  };
  for (const f of ['name', 'description', 'comment', 'nameCon', 'descriptionCon', 'commentCon'] as const)
    same(original[f], copy[f]);
  const rows = (a: OfferDocument['geenralCommitement'], b: OfferDocument['geenralCommitement']) =>
    a.forEach((row, r) => row.forEach((cell, c) => same(cell.value, b[r]?.[c]?.value)));
  rows(original.geenralCommitement, copy.geenralCommitement);
  rows(original.geenralCommitementCon, copy.geenralCommitementCon);
  original.sectors.forEach((s, i) => {
    const t = copy.sectors[i];
    if (!t) return;
    for (const kind of ['limitationsMA', 'limitationsOnNationalTreatment'] as const) {
      for (const mode of MODES_OF_SUPPLY) entry(s.sectorCommitement[kind][mode], t.sectorCommitement[kind][mode]);
      same(s.sectorCommitement[kind].comment, t.sectorCommitement[kind].comment);
    }
    same(s.sectorCommitement.additionalCommitment.commitment, t.sectorCommitement.additionalCommitment.commitment);
    same(s.sectorCommitement.additionalCommitment.comment, t.sectorCommitement.additionalCommitment.comment);
  });
  return out;
}

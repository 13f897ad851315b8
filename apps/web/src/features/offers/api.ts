/** The offers calls of the contract (packages/shared/src/offers), through the one HTTP client. */
import type {
  OfferImport,
  Country,
  CreateOfferBody,
  Language,
  Lease,
  Offer,
  OfferCreator,
  OfferDocument,
  OfferEditorStart,
  OfferListItem,
  OfferSaved,
  OfferVersionSummary,
  SaveOfferBody,
  TranslationNote,
} from '@portal/shared';
import { http } from '../../api/http';

/** A translated copy of an offer document: nothing is stored. */
export type TranslatedOffer = OfferDocument & { translation: TranslationNote };

const enc = encodeURIComponent;

export const offersApi = {
  list: (signal?: AbortSignal) => http.get<OfferListItem[]>('/offers', signal),
  done: (signal?: AbortSignal) => http.get<OfferListItem[]>('/offers/done', signal),
  validationQueue: (signal?: AbortSignal) => http.get<OfferListItem[]>('/offers/validate', signal),
  countriesWithoutOffer: (signal?: AbortSignal) => http.get<Country[]>('/offers/countiresNoOffer', signal),
  creator: (signal?: AbortSignal) => http.get<OfferCreator>('/offers/creator', signal),
  get: (id: string, signal?: AbortSignal) => http.get<Offer>(`/offers/${enc(id)}`, signal),
  create: (body: CreateOfferBody) => http.post<Offer>('/offers', body),
  save: (id: string, body: SaveOfferBody, isEdited: boolean) =>
    http.put<OfferSaved>(`/offers/${enc(id)}?isEdited=${isEdited}`, body),
  openLease: (id: string) => http.get<Lease>(`/offers/checkOpenOffer/${enc(id)}`),
  /** GET /offers/:id/editor: the editor's start (profile, offer, accepted entries, lease), each part as its call's. */
  editorStart: (id: string) => http.get<OfferEditorStart>(`/offers/${enc(id)}/editor`),
  releaseLease: (id: string) => http.delete<unknown>(`/offers/checkOpenOffer/${enc(id)}`),
  /** POST /offers/:id/takeover: moves the lease here from the user's other session (NOT_OPEN if another user's). */
  takeOverLease: (id: string) => http.post<Lease>(`/offers/${enc(id)}/takeover`),
  versions: (id: string, signal?: AbortSignal) => http.get<OfferVersionSummary[]>(`/offers/version/${enc(id)}`, signal),
  version: (id: string, number: number, signal?: AbortSignal) =>
    http.get<Offer>(`/offers/version/${enc(id)}/${number}`, signal),
  validate: (id: string) => http.post<Offer>(`/offers/${enc(id)}/validate`),
  sendBack: (id: string, comment: string) => http.post<Offer>(`/offers/${enc(id)}/return`, { comment }),
  finalize: (id: string) => http.post<Offer>(`/offers/${enc(id)}/finalize`),
  /** POST /offers/translateOffer?lang: the document sent (the editor's unsaved copy included), translated. */
  translate: (doc: OfferDocument, lang: Language) =>
    http.post<TranslatedOffer>(`/offers/translateOffer?lang=${lang}`, doc),
  /** POST /offers/translateOfferById?lang&offerId&type=PARENT: the stored offer as the caller may see it, translated. */
  translateStored: (offerId: string, lang: Language) =>
    http.post<TranslatedOffer>(`/offers/translateOfferById?lang=${lang}&offerId=${enc(offerId)}&type=PARENT`),
  /** POST /offers/import: a schedule file (.docx, .xlsx) read into an offer document, not saved, with its warnings. */
  importSchedule: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.post<OfferImport>('/offers/import', form);
  },
};

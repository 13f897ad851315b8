/** The counter-offer calls of the contract (packages/shared/src/responses), through the one HTTP client. */
import type {
  AcceptedEntries,
  CreateResponseBody,
  EntryDecisionBody,
  EntryDiscussion,
  EntryHistory,
  Language,
  ResponseEntries,
  ResponseEntry,
  ResponseOffer,
  ResponseSummary,
} from '@portal/shared';
import { http } from '../../api/http';
import { downloadFile } from '../../api/download';

const enc = encodeURIComponent;

export const responsesApi = {
  /** Creates the counter offer of an offer (its latest submitted version). */
  create: (offerId: string, body: CreateResponseBody) =>
    http.post<ResponseSummary>(`/response-offer/${enc(offerId)}`, body),
  /**
   * Makes the counter offer's PDF on the server from the stored counter offer and attaches it: an empty POST
   * (the server prints; the browser never draws the file). `lang` is the document's language.
   */
  attachPdf: (responseId: string, lang?: Language) =>
    http.post<ResponseSummary>(`/response-offer/file/${enc(responseId)}${lang ? `?lang=${enc(lang)}` : ''}`),
  /** Sends a focal point's draft counter offer in the country's name (its chief negotiator). */
  send: (responseId: string) => http.post<ResponseSummary>(`/response-offer/${enc(responseId)}/send`),
  list: (offerId?: string, signal?: AbortSignal) =>
    http.get<ResponseSummary[]>(`/response-offer${offerId ? `?offerId=${enc(offerId)}` : ''}`, signal),
  get: (id: string, signal?: AbortSignal) => http.get<ResponseOffer>(`/response-offer/${enc(id)}`, signal),
  /** Every entry the counter offer changes, with its decision. */
  entries: (id: string, signal?: AbortSignal) =>
    http.get<ResponseEntries>(`/response-offer/${enc(id)}/entries`, signal),
  /** Accepts, declines or reopens one entry; `expected` is the decision shown (a 409 says someone else decided). */
  decide: (id: string, key: string, body: EntryDecisionBody) =>
    http.put<ResponseEntry>(`/response-offer/${enc(id)}/entries/${enc(key)}`, body),
  /** The negotiation room with a message anchored to the entry. */
  discuss: (id: string, key: string) =>
    http.post<EntryDiscussion>(`/response-offer/${enc(id)}/entries/${enc(key)}/discuss`),
  /** Values accepted into the offer's draft since its last submission. */
  accepted: (offerId: string, signal?: AbortSignal, version?: number) =>
    http.get<AcceptedEntries>(
      `/offers/${enc(offerId)}/accepted-entries${version ? `?version=${version}` : ''}`,
      signal,
    ),
  history: (offerId: string, key: string, signal?: AbortSignal) =>
    http.get<EntryHistory>(`/offers/${enc(offerId)}/entries/${enc(key)}/history`, signal),
  /** Saves the attached PDF (the download needs the bearer token, so it cannot be a plain link). */
  downloadPdf: (fileKey: string, fallbackName: string) =>
    downloadFile(`/file/aws/download/${enc(fileKey)}`, fallbackName),
};

/** The counter-offer calls of the contract (packages/shared/src/responses), through the one HTTP client. */
import type { CreateResponseBody, Language, ResponseOffer, ResponseSummary } from '@portal/shared';
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
  /** Saves the attached PDF (the download needs the bearer token, so it cannot be a plain link). */
  downloadPdf: (fileKey: string, fallbackName: string) =>
    downloadFile(`/file/aws/download/${enc(fileKey)}`, fallbackName),
};

/** The request calls of the contract (packages/shared/src/requests), through the one HTTP client. */
import type { AnswerRequestBody, OfferRequest, RequestBody, RequestDiscussion, RequestLists } from '@portal/shared';
import { http } from '../../api/http';

const enc = encodeURIComponent;
const one = (offerId: string, requestId: string) => `/request-offer/${enc(offerId)}/${enc(requestId)}`;

export const requestsApi = {
  list: (signal?: AbortSignal) => http.get<RequestLists>('/request-offer', signal),
  get: (offerId: string, requestId: string, signal?: AbortSignal) =>
    http.get<OfferRequest>(one(offerId, requestId), signal),
  /** A new request to offer `offerId`: a draft, or sent at once (submitted, chief negotiator). */
  create: (offerId: string, body: RequestBody) => http.post<OfferRequest>(`/request-offer/${enc(offerId)}`, body),
  /** Changes a draft; submitted: true sends it. */
  save: (offerId: string, requestId: string, body: RequestBody) =>
    http.put<OfferRequest>(one(offerId, requestId), body),
  answer: (offerId: string, requestId: string, body: AnswerRequestBody) =>
    http.post<OfferRequest>(`${one(offerId, requestId)}/answer`, body),
  withdraw: (offerId: string, requestId: string) => http.post<OfferRequest>(`${one(offerId, requestId)}/withdraw`),
  /** The two countries' negotiation room, the request quoted there on first use. */
  discuss: (offerId: string, requestId: string) => http.post<RequestDiscussion>(`${one(offerId, requestId)}/discuss`),
};

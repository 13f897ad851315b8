/** The counter-offer calls of the contract (packages/shared/src/responses), through the one HTTP client. */
import type { CreateResponseBody, ResponseOffer, ResponseSummary } from '@portal/shared';
import { http } from '../../api/http';
import { requestBlob } from '../chat/blob';

const enc = encodeURIComponent;

export const responsesApi = {
  /** Creates the counter offer of an offer (its latest submitted version). */
  create: (offerId: string, body: CreateResponseBody) =>
    http.post<ResponseSummary>(`/response-offer/${enc(offerId)}`, body),
  /** Attaches the counter offer's PDF (multipart field `file`). */
  uploadPdf: (responseId: string, pdf: Blob, fileName: string) => {
    const form = new FormData();
    form.append('file', new File([pdf], fileName, { type: 'application/pdf' }));
    return http.post<ResponseSummary>(`/response-offer/file/${enc(responseId)}`, form);
  },
  list: (offerId?: string, signal?: AbortSignal) =>
    http.get<ResponseSummary[]>(`/response-offer${offerId ? `?offerId=${enc(offerId)}` : ''}`, signal),
  get: (id: string, signal?: AbortSignal) => http.get<ResponseOffer>(`/response-offer/${enc(id)}`, signal),
  /** The stored PDF, as bytes (the download needs the bearer token, so it cannot be a plain link). */
  pdf: (fileKey: string) => requestBlob(`/file/aws/download/${enc(fileKey)}`),
};

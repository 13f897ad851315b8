import type { OfferEditorStart } from '@portal/shared';
import type { StartReads } from '../../app/startReads';
import { partPayload } from '../../api/http';
import { offersApi } from '../../features/offers/api';
import { offerQuery } from '../../features/offers/queries';
import { primeLease } from '../../features/offers/editor/useEditLease';
import { responsesApi } from '../../features/responses/api';
import { acceptedEntriesQuery } from '../../features/responses/queries';

/**
 * What the offer editor waits for (EditOfferPage), asked for as the app starts on it in its start call (GET
 * /offers/{id}/editor, with the user's profile): the offer, the values accepted into it and its edit lease. Each part
 * fills the query its screen reads, or throws the refusal its own call would have thrown. When the start call cannot
 * be had (offline, an older server), each is asked for by its own call, which the service worker may answer from its
 * copy. A module of its own, a few small files, so the reads are handed out before the editor's code has loaded.
 */
export const editOfferReads: StartReads = ({ id }, client, start) => {
  if (!id) return;
  const parts = (start ?? Promise.reject(new Error('no start call'))) as Promise<OfferEditorStart>;
  const part = <T>(name: keyof OfferEditorStart, own: () => Promise<T>): Promise<T> =>
    parts.then((answer) => partPayload<T>(answer[name]), own);
  void client.prefetchQuery({ ...offerQuery(id), queryFn: () => part('offer', () => offersApi.get(id)) });
  void client.prefetchQuery({
    ...acceptedEntriesQuery(id),
    queryFn: () => part('acceptedEntries', () => responsesApi.accepted(id)),
  });
  primeLease(
    id,
    part('lease', () => offersApi.openLease(id)),
  );
};

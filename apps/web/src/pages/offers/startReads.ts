import type { OfferEditorStart, OffersStart } from '@portal/shared';
import type { StartReads } from '../../app/startReads';
import { partsOf } from '../../app/startParts';
import { offersApi } from '../../features/offers/api';
import { offerListQuery, offerQuery } from '../../features/offers/queries';
import { primeLease } from '../../features/offers/editor/useEditLease';
import { responsesApi } from '../../features/responses/api';
import { acceptedEntriesQuery, responsesQuery } from '../../features/responses/queries';

/**
 * What the offer editor waits for (EditOfferPage), asked for as the app starts on it in its start call (GET
 * /offers/{id}/editor, with the user's profile): the offer, the values accepted into it and its edit lease. Each part
 * fills the query its screen reads, or throws the refusal its own call would have thrown. When the start call cannot
 * be had (offline, an older server), each is asked for by its own call, which the service worker may answer from its
 * copy. A module of its own, a few small files, so the reads are handed out before the editor's code has loaded.
 */
export const editOfferReads: StartReads = ({ id }, client, start) => {
  if (!id) return;
  const part = partsOf<OfferEditorStart>(start);
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

/**
 * What the offers screen waits for (OffersPage and its counter offers panel), from its start call (GET /offers/start,
 * with the user's profile): the offers and the counter offers one may see; each by its own call without it.
 */
export const offersReads: StartReads = (_params, client, start) => {
  const part = partsOf<OffersStart>(start);
  void client.prefetchQuery({ ...offerListQuery, queryFn: () => part('offers', () => offersApi.list()) });
  void client.prefetchQuery({ ...responsesQuery(), queryFn: () => part('responses', () => responsesApi.list()) });
};

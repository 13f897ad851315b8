import type { StartReads } from '../../app/startReads';
import { offerQuery } from '../../features/offers/queries';
import { primeLease } from '../../features/offers/editor/useEditLease';
import { acceptedEntriesQuery } from '../../features/responses/queries';

/**
 * What the offer editor waits for (EditOfferPage), asked for as the app starts on it: the offer and its edit lease,
 * and the values accepted into it. A module of its own, a few small files, so the reads leave before the editor's
 * code has loaded.
 */
export const editOfferReads: StartReads = ({ id }, client) => {
  if (!id) return;
  void client.prefetchQuery(offerQuery(id));
  void client.prefetchQuery(acceptedEntriesQuery(id));
  primeLease(id);
};

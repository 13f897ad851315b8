import type { ChatStart } from '@portal/shared';
import type { StartReads } from '../../app/startReads';
import { partsOf } from '../../app/startParts';
import { chatApi, contactRoomsQuery, offerRoomsQuery } from '../../features/chat/api';
import { offersApi } from '../../features/offers/api';
import { doneOffersQuery, offerListQuery } from '../../features/offers/queries';

/**
 * What the messaging screen waits for (its lists of rooms, and the offers its prompt offers to discuss), from its
 * start call (GET /chats/start, with the user's profile); each by its own call without it.
 */
export const chatReads: StartReads = (_params, client, start) => {
  const part = partsOf<ChatStart>(start);
  void client.prefetchQuery({
    ...contactRoomsQuery,
    queryFn: () => part('contactRooms', () => chatApi.contactRooms()),
  });
  void client.prefetchQuery({ ...offerRoomsQuery, queryFn: () => part('offerRooms', () => chatApi.offerRooms()) });
  void client.prefetchQuery({ ...offerListQuery, queryFn: () => part('offers', () => offersApi.list()) });
  void client.prefetchQuery({ ...doneOffersQuery, queryFn: () => part('doneOffers', () => offersApi.done()) });
};

/** Server state of the request screens, in TanStack Query. */
import { useQuery } from '@tanstack/react-query';
import { requestsApi } from './api';

export const requestKeys = {
  all: ['requests'] as const,
  lists: () => ['requests', 'lists'] as const,
  one: (offerId: string, requestId: string) => ['requests', 'one', offerId, requestId] as const,
};

/** The caller's country's requests, sent (drafts included) and received; the secretariat's: all sent, as received. */
export const useRequestLists = () =>
  useQuery({ queryKey: requestKeys.lists(), queryFn: ({ signal }) => requestsApi.list(signal) });

/** One request with its answer and what the caller may do with it. */
export const useOfferRequest = (offerId: string | undefined, requestId: string | undefined) =>
  useQuery({
    queryKey: requestKeys.one(offerId ?? '', requestId ?? ''),
    queryFn: ({ signal }) => requestsApi.get(offerId!, requestId!, signal),
    enabled: Boolean(offerId && requestId),
    retry: false,
  });

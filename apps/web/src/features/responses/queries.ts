/** Server state of the counter-offer screens, in TanStack Query. */
import { useQuery } from '@tanstack/react-query';
import { responsesApi } from './api';

export const responseKeys = {
  all: ['responses'] as const,
  list: (offerId?: string) => ['responses', 'list', offerId ?? 'all'] as const,
  one: (id: string) => ['responses', 'one', id] as const,
};

/** Counter offers the caller may see (sent by their country, received on its offer; the secretariat: all). */
export const useResponses = (offerId?: string) =>
  useQuery({ queryKey: responseKeys.list(offerId), queryFn: ({ signal }) => responsesApi.list(offerId, signal) });

/**
 * One counter offer with the version it answers. Its document never changes; its status (a draft sent) and its PDF
 * do, and those actions invalidate responseKeys.all.
 */
export const useResponseOffer = (id: string | undefined) =>
  useQuery({
    queryKey: responseKeys.one(id ?? ''),
    queryFn: ({ signal }) => responsesApi.get(id!, signal),
    enabled: Boolean(id),
    staleTime: Infinity,
    retry: false,
  });

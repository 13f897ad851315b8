/** Server state of the offers screens, in TanStack Query: one key per list, one per offer and its versions. */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Offer } from '@portal/shared';
import { dashboardKey } from '../dashboard/api';
import { offersApi } from './api';

export const offerKeys = {
  all: ['offers'] as const,
  list: () => ['offers', 'list'] as const,
  done: () => ['offers', 'done'] as const,
  queue: () => ['offers', 'queue'] as const,
  noOffer: () => ['offers', 'countries-without-offer'] as const,
  creator: () => ['offers', 'creator'] as const,
  offer: (id: string) => ['offers', 'offer', id] as const,
  versions: (id: string) => ['offers', 'versions', id] as const,
  version: (id: string, n: number) => ['offers', 'version', id, n] as const,
};

/**
 * Everything an offer's change makes stale (told live: returned, validated, finalized…): the offer itself (the editor,
 * the viewer), its versions and every list that shows its status, and the dashboard. Open screens read them again at
 * once, the others when they next open. Its immutable versions (offerKeys.version) and translations stay.
 */
export function offerChanged(queryClient: QueryClient, offerId: string): Promise<unknown> {
  return Promise.all(
    [
      offerKeys.offer(offerId),
      offerKeys.versions(offerId),
      offerKeys.list(),
      offerKeys.done(),
      offerKeys.queue(),
      dashboardKey,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** One's offers (the secretariat: all), with their status and versions. */
export const offerListQuery = queryOptions({
  queryKey: offerKeys.list(),
  queryFn: ({ signal }) => offersApi.list(signal),
  // Read as the offers screen opens (its start call) is read: not again when the list mounts a moment later. A
  // change to an offer (saved here, or told live) invalidates it at once.
  staleTime: 10_000,
});
export const useOfferList = () => useQuery(offerListQuery);
/** Every submitted offer one may read; fresh for 10 s as the list above (the messaging screen's start call reads it). */
export const doneOffersQuery = queryOptions({
  queryKey: offerKeys.done(),
  queryFn: ({ signal }) => offersApi.done(signal),
  staleTime: 10_000,
});
export const useDoneOffers = (enabled = true) => useQuery({ ...doneOffersQuery, enabled });
export const useValidationQueue = () =>
  useQuery({ queryKey: offerKeys.queue(), queryFn: ({ signal }) => offersApi.validationQueue(signal) });
export const useCountriesWithoutOffer = (enabled: boolean) =>
  useQuery({
    queryKey: offerKeys.noOffer(),
    queryFn: ({ signal }) => offersApi.countriesWithoutOffer(signal),
    enabled,
  });
export const useOfferCreator = () =>
  useQuery({ queryKey: offerKeys.creator(), queryFn: ({ signal }) => offersApi.creator(signal), retry: false });

/** The only way to load one offer (for the editor and the viewers). Not refetched behind the editor's back. */
/** One offer, as the editor and the views read it (and as a screen's start reads it ahead: EditOfferPage). */
export const offerQuery = (id: string) =>
  queryOptions({
    queryKey: offerKeys.offer(id),
    queryFn: ({ signal }) => offersApi.get(id, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });

export function useOffer(id: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({ ...offerQuery(id ?? ''), enabled: Boolean(id) && (options.enabled ?? true) });
}

export const useOfferVersions = (id: string | undefined) =>
  useQuery({
    queryKey: offerKeys.versions(id ?? ''),
    queryFn: ({ signal }) => offersApi.versions(id!, signal),
    enabled: Boolean(id),
  });

export const useOfferVersion = (id: string | undefined, number: number | null) =>
  useQuery({
    queryKey: offerKeys.version(id ?? '', number ?? 0),
    queryFn: ({ signal }) => offersApi.version(id!, number!, signal),
    enabled: Boolean(id) && number !== null,
    staleTime: Infinity,
  });

type Decision = 'validate' | 'finalize' | 'sendBack';

/** The secretariat's decisions on a submitted version; every list is refreshed afterwards. */
export function useOfferDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, comment }: { id: string; decision: Decision; comment?: string }): Promise<Offer> =>
      decision === 'validate'
        ? offersApi.validate(id)
        : decision === 'finalize'
          ? offersApi.finalize(id)
          : offersApi.sendBack(id, comment ?? ''),
    onSuccess: (offer) => {
      queryClient.setQueryData(offerKeys.offer(offer.id), offer);
      void queryClient.invalidateQueries({ queryKey: offerKeys.all });
    },
  });
}

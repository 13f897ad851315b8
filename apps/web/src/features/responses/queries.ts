/** Server state of the counter-offer screens, in TanStack Query. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { responsesApi } from './api';

export const responseKeys = {
  all: ['responses'] as const,
  list: (offerId?: string) => ['responses', 'list', offerId ?? 'all'] as const,
  one: (id: string) => ['responses', 'one', id] as const,
  entries: (id: string) => ['responses', 'entries', id] as const,
  accepted: (offerId: string, version?: number) =>
    version ? (['responses', 'accepted', offerId, version] as const) : (['responses', 'accepted', offerId] as const),
  history: (offerId: string, key: string) => ['responses', 'history', offerId, key] as const,
};

/** The entries of a counter offer with their decisions; read again live when a decision is recorded. */
export const useResponseEntries = (id: string | undefined) =>
  useQuery({
    queryKey: responseKeys.entries(id ?? ''),
    queryFn: ({ signal }) => responsesApi.entries(id!, signal),
    enabled: Boolean(id),
    retry: false,
  });

/** Values accepted from counter offers into an offer's draft (the editor's marks and banner). */
export const acceptedEntriesQuery = (offerId: string) =>
  queryOptions({
    queryKey: responseKeys.accepted(offerId),
    queryFn: ({ signal }) => responsesApi.accepted(offerId, signal),
    // Read as the editor opens (EditOfferPage's startReads) is read: not again when it mounts a moment later.
    staleTime: 10_000,
    retry: false,
  });

export const useAcceptedEntries = (offerId: string | undefined, enabled = true) =>
  useQuery({ ...acceptedEntriesQuery(offerId ?? ''), enabled: Boolean(offerId) && enabled });

/** Counter offers the caller may see (sent by their country, received on its offer; the secretariat: all). */
export const responsesQuery = (offerId?: string) =>
  queryOptions({
    queryKey: responseKeys.list(offerId),
    queryFn: ({ signal }) => responsesApi.list(offerId, signal),
    // Read as the offers screen opens (its start call) is read: not again when the list mounts a moment later.
    staleTime: 10_000,
  });
export const useResponses = (offerId?: string) => useQuery(responsesQuery(offerId));

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

/** The values accepted from counter offers that went into one submitted version (the comparison's attributions). */
export const useAcceptedInVersion = (offerId: string | undefined, version: number | null) =>
  useQuery({
    queryKey: responseKeys.accepted(offerId ?? '', version ?? 0),
    queryFn: ({ signal }) => responsesApi.accepted(offerId!, signal, version!),
    enabled: Boolean(offerId) && version !== null,
    staleTime: Infinity,
    retry: false,
  });

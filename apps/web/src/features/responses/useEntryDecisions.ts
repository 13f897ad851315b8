import { useMemo } from 'react';
import { App } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  counterOfferEntries,
  type EntryDecision,
  type OfferDocument,
  type ResponseEntries,
  type ResponseEntry,
} from '@portal/shared';
import { ApiError } from '../../api/http';
import { errorText } from '../../api/errorText';
import { responsesApi } from './api';
import { responseKeys, useResponseEntries } from './queries';
import { offerChanged } from '../offers/queries';

/** The decisions of a counter offer placed on the comparison's cells: the entry of each changed cell, by cell id. */
export function useEntryDecisions(responseId: string | undefined, original?: OfferDocument, counter?: OfferDocument) {
  const entries = useResponseEntries(responseId);
  const byCell = useMemo(() => {
    const map = new Map<string, ResponseEntry>();
    if (!entries.data || !original || !counter) return map;
    const byKey = new Map(entries.data.entries.map((e) => [e.key, e]));
    for (const changed of counterOfferEntries(original, counter)) {
      const entry = byKey.get(changed.key);
      if (entry) map.set(changed.cellId, entry);
    }
    return map;
  }, [entries.data, original, counter]);
  return { data: entries.data, byCell, isError: entries.isError, error: entries.error };
}

/**
 * Records a decision; the answer replaces the entry in the list at once (the summary is read again). Someone else
 * deciding first (409 ENTRY_DECIDED_MEANWHILE) shows their decision with a message, as does any other refusal.
 */
export function useDecide(responseId: string, offerId?: string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = responseKeys.entries(responseId);
  // The entries, and the draft an acceptance wrote into (the offer, its accepted values, the dashboard).
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    if (offerId) {
      void queryClient.invalidateQueries({ queryKey: responseKeys.accepted(offerId) });
      void offerChanged(queryClient, offerId);
    } else void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };
  const place = (entry: ResponseEntry) =>
    queryClient.setQueryData<ResponseEntries>(key, (old) =>
      old ? { ...old, entries: old.entries.map((e) => (e.key === entry.key ? entry : e)) } : old,
    );
  const mutation = useMutation({
    mutationFn: (v: { key: string; decision: EntryDecision; note?: string; expected?: EntryDecision }) =>
      responsesApi.decide(responseId, v.key, { decision: v.decision, note: v.note ?? null, expected: v.expected }),
    onSuccess: (entry) => {
      place(entry);
      void message.success(t(`responses.decisions.done.${entry.decision}`));
    },
    onError: (error) => {
      void message.error(errorText(t, error), 8);
    },
    onSettled: () => refresh(),
  });
  return {
    ...mutation,
    discuss: (entryKey: string) => responsesApi.discuss(responseId, entryKey),
    errorText: (error: unknown) => errorText(t, error),
    /** Decides every open entry of a list one after the other (accept all / decline all of a sector). */
    decideAll: async (entries: ResponseEntry[], decision: EntryDecision) => {
      for (const entry of entries) {
        try {
          place(await responsesApi.decide(responseId, entry.key, { decision, note: null, expected: entry.decision }));
        } catch (error) {
          void message.error(errorText(t, error), 8);
          if (!(error instanceof ApiError) || error.status !== 409) break;
        }
      }
      void message.success(t(`responses.decisions.done.${decision}`));
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  };
}

/**
 * The values accepted from counter offers into the draft being edited, given once to the whole editor: the page reads
 * them (useAcceptedEntries, read again when the live queue says a decision was recorded) and every entry of the open
 * sector finds its own mark without the panels passing it down. Outside a provider (the counter-offer editor, a
 * reader) nothing is marked.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AcceptedEntry, Sector } from '@portal/shared';
import { useAcceptedEntries } from './queries';
import { acceptedByPlace } from './acceptedEntries';

export interface AcceptedEntriesValue {
  offerId: string;
  /** The offer's country in the reader's language: who wrote a value not taken from a counter offer. */
  ownerName: string;
  /** Every value accepted since the last submission, horizontal and MFN ones included. */
  entries: readonly AcceptedEntry[];
  /** The sector entries among them, by place (acceptedEntries.ts placeOf). */
  byPlace: ReadonlyMap<string, AcceptedEntry>;
}

const AcceptedEntriesContext = createContext<AcceptedEntriesValue | null>(null);
/** The sector whose entries are rendered below (its id places accepted values, its identity keys the history). */
const SectorContext = createContext<Pick<Sector, 'sectorId' | 'services'> | null>(null);

const NONE: readonly AcceptedEntry[] = [];

/** Reads the accepted values of an offer's draft once per editor and gives them to the entries below. */
export function AcceptedEntriesProvider({
  offerId,
  ownerName,
  children,
}: {
  offerId: string;
  ownerName: string;
  children: ReactNode;
}) {
  const { data } = useAcceptedEntries(offerId);
  const entries = data?.entries ?? NONE;
  const value = useMemo(
    () => ({ offerId, ownerName, entries, byPlace: acceptedByPlace(entries) }),
    [offerId, ownerName, entries],
  );
  return <AcceptedEntriesContext.Provider value={value}>{children}</AcceptedEntriesContext.Provider>;
}

/** The accepted values of the draft being edited; null outside the offer editor. */
export const useAcceptedEntriesContext = () => useContext(AcceptedEntriesContext);

/** Names the sector whose entries are rendered inside (kept while only its commitments change). */
export function SectorEntriesScope({ sector, children }: { sector: Sector; children: ReactNode }) {
  const { sectorId, services } = sector;
  const value = useMemo(() => ({ sectorId, services }), [sectorId, services]);
  return <SectorContext.Provider value={value}>{children}</SectorContext.Provider>;
}

/** The sector of the entries being rendered; null outside a SectorEntriesScope. */
export const useSectorScope = () => useContext(SectorContext);

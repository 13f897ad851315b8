import { useEffect, useState } from 'react';
import {
  OFFER_EDIT_ANNOUNCE_SECONDS,
  OFFER_EDIT_DESTINATION,
  OFFER_EDIT_FORGET_SECONDS,
  type OfferEditAnnouncement,
} from '@portal/shared';
import { openLive } from '../../../api/stomp';
import { useSignedIn } from '../../session/useSession';

/**
 * The editor's side of the live edit channel (the spec's offer workflow): while `active` (the edit lease is held) it
 * announces the offer on /topic/offer-edit, again every OFFER_EDIT_ANNOUNCE_SECONDS (which also renews the lease), and
 * its closing when the editor goes.
 */
export function useOfferEditAnnouncer(offerId: string | undefined, active: boolean): void {
  useEffect(() => {
    if (!offerId || !active) return;
    const announce = (editing: boolean) =>
      live.publish(OFFER_EDIT_DESTINATION, '', { offerId, ...(editing ? {} : { editing: 'false' }) });
    const live = openLive('/stomp', { onState: (up) => up && announce(true) });
    const timer = window.setInterval(() => announce(true), OFFER_EDIT_ANNOUNCE_SECONDS * 1000);
    // Leaving the page (reload, another address, closing the tab) unmounts nothing: say goodbye as it goes.
    const goodbye = () => announce(false);
    window.addEventListener('pagehide', goodbye);
    return () => {
      window.removeEventListener('pagehide', goodbye);
      window.clearInterval(timer);
      announce(false);
      void live.close();
    };
  }, [offerId, active]);
}

/** Who is editing which offer: the latest announcement per offer, forgotten on closing or after a long silence. */
export type OfferEditors = ReadonlyMap<string, { login: string; name: string }>;

/** Applies one announcement to the editors known (pure: what the lists show follows from the messages alone). */
export function applyAnnouncement(
  editors: Map<string, { login: string; name: string; at: number }>,
  message: OfferEditAnnouncement,
  now: number,
): Map<string, { login: string; name: string; at: number }> {
  const next = new Map([...editors].filter(([, e]) => now - e.at < OFFER_EDIT_FORGET_SECONDS * 1000));
  if (message.editing) next.set(message.offerId, { login: message.login, name: message.name, at: now });
  else if (next.get(message.offerId)?.login === message.login) next.delete(message.offerId);
  return next;
}

/** The offer lists' side: listens on /topic/offer-edit and tells who is editing each offer, live. */
export function useOfferEditors(): OfferEditors {
  const signedIn = useSignedIn();
  const [editors, setEditors] = useState(() => new Map<string, { login: string; name: string; at: number }>());
  useEffect(() => {
    if (!signedIn) return;
    const live = openLive('/stomp');
    live.subscribe(OFFER_EDIT_DESTINATION, (frame) => {
      const message = JSON.parse(frame.body) as OfferEditAnnouncement;
      setEditors((old) => applyAnnouncement(old, message, Date.now()));
    });
    // A closed tab cannot say goodbye: its editor is forgotten once silent for OFFER_EDIT_FORGET_SECONDS.
    const sweep = window.setInterval(
      () =>
        setEditors((old) => {
          const now = Date.now();
          const kept = [...old].filter(([, e]) => now - e.at < OFFER_EDIT_FORGET_SECONDS * 1000);
          return kept.length === old.size ? old : new Map(kept);
        }),
      OFFER_EDIT_ANNOUNCE_SECONDS * 1000,
    );
    return () => {
      window.clearInterval(sweep);
      void live.close();
    };
  }, [signedIn]);
  return editors;
}

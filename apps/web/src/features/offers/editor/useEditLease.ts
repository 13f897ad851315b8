import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/http';
import { offersApi } from '../api';
import { onLeaseMoved } from './leaseMoves';

/**
 * refused: someone else edits it (NOT_OPEN); otherSession: this user has it open in another session (browser,
 * machine) and may take it over; takenOver: this session held it and the user took it over in another session (the
 * editor turns read-only); denied: this user may not edit it (read-only); lost: no answer.
 */
export type LeaseState = 'pending' | 'held' | 'refused' | 'otherSession' | 'takenOver' | 'denied' | 'lost';

export interface EditLease {
  state: LeaseState;
  release: () => Promise<void>;
  /** Moves the lease to this session (POST /offers/:id/takeover); NOT_OPEN (another user holds it) calls onRefused. */
  takeOver: () => Promise<void>;
  /** Asks for the lease again now (a save was refused because another session holds it). */
  recheck: () => void;
}

/**
 * Holds the edit lease of an offer while the editor is open: GET checkOpenOffer on opening and again every
 * heartbeatSeconds, and at once when the user's lease moved (told live). NOT_OPEN (someone else holds it) calls
 * onRefused; OFFER_OPEN_IN_OTHER_SESSION (the user's own other session holds it) is `otherSession` before this session
 * ever held it, `takenOver` after. The lease is released on unmount (cancel, save and exit, leaving the page) if held;
 * if the tab is killed it simply expires on the server.
 */
export type LeaseAnswer = Promise<{ heartbeatSeconds: number }>;
/** A lease asked for by the screen's start (primeLease), kept for the editor's first beat. */
const primed = new Map<string, { answer: LeaseAnswer; at: number }>();
/** An asked-for lease older than this is not taken: the editor asks again. */
const PRIMED_FOR_MS = 15_000;

/**
 * The edit lease of an offer asked for as the app starts on its editor (with the editor's start call), beside the
 * session's own first call rather than after it: on a link with a long round trip the editor opens a round trip
 * sooner. The editor's first beat takes the answer (useEditLease); one never taken expires on the server like any
 * lease of a closed tab.
 */
export function primeLease(offerId: string, answer: LeaseAnswer): void {
  answer.catch(() => undefined);
  primed.set(offerId, { answer, at: Date.now() });
}

function primedLease(offerId: string): LeaseAnswer | null {
  const kept = primed.get(offerId);
  primed.delete(offerId);
  return kept && Date.now() - kept.at < PRIMED_FOR_MS ? kept.answer : null;
}

export function useEditLease(offerId: string | undefined, onRefused: () => void): EditLease {
  const [state, setState] = useState<LeaseState>('pending');
  const released = useRef(false);
  const refused = useRef(onRefused);
  refused.current = onRefused;
  const beatNow = useRef<() => void>(() => undefined);
  const answered = useRef<(lease: LeaseAnswer) => Promise<void>>(async () => undefined);

  useEffect(() => {
    if (!offerId) return;
    released.current = false;
    let timer: number | undefined;
    let cancelled = false;
    let held = false;
    const next = (seconds: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void beat(), seconds * 1000);
    };
    const follow = async (lease: LeaseAnswer) => {
      try {
        const { heartbeatSeconds } = await lease;
        if (cancelled) return;
        held = true;
        released.current = false;
        setState('held');
        next(Math.max(5, heartbeatSeconds));
      } catch (e) {
        if (cancelled) return;
        if (e instanceof ApiError && e.code === 'OFFER_OPEN_IN_OTHER_SESSION') {
          // Not ours to give back; the other session's release would free it for nobody else anyway.
          released.current = true;
          window.clearTimeout(timer);
          setState(held ? 'takenOver' : 'otherSession');
          return;
        }
        if (e instanceof ApiError && e.code === 'NOT_OPEN') {
          released.current = true;
          window.clearTimeout(timer);
          setState('refused');
          refused.current();
          return;
        }
        if (e instanceof ApiError && e.status >= 400 && e.status < 500) {
          setState('denied');
          return;
        }
        // A network or server failure: keep editing (the local draft protects the work) and try again soon.
        setState('lost');
        next(10);
      }
    };
    const beat = () => follow(offersApi.openLease(offerId));
    answered.current = follow;
    beatNow.current = () => void beat();
    // Taken over elsewhere: only a session still holding (or trying to hold) the lease asks again.
    const stop = onLeaseMoved(offerId, () => !released.current && void beat());
    void follow(primedLease(offerId) ?? offersApi.openLease(offerId));
    return () => {
      cancelled = true;
      stop();
      window.clearTimeout(timer);
      answered.current = async () => undefined;
      beatNow.current = () => undefined;
      if (!released.current) {
        released.current = true;
        offersApi.releaseLease(offerId).catch(() => undefined);
      }
    };
  }, [offerId]);

  const release = useCallback(async () => {
    if (!offerId || released.current) return;
    released.current = true;
    await offersApi.releaseLease(offerId).catch(() => undefined);
  }, [offerId]);
  const takeOver = useCallback(async () => {
    if (!offerId) return;
    setState('pending');
    await answered.current(offersApi.takeOverLease(offerId));
  }, [offerId]);
  const recheck = useCallback(() => beatNow.current(), []);
  return { state, release, takeOver, recheck };
}

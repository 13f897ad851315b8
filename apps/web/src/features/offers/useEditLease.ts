import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/http';
import { offersApi } from './api';

/** refused: someone else edits it (NOT_OPEN); denied: this user may not edit it (read-only); lost: no answer. */
type LeaseState = 'pending' | 'held' | 'refused' | 'denied' | 'lost';

/**
 * Holds the edit lease of an offer while the editor is open: GET checkOpenOffer on opening and again every
 * heartbeatSeconds; a NOT_OPEN answer (someone else holds it) calls onRefused. The lease is released on unmount
 * (cancel, save and exit, leaving the page); if the tab is killed it simply expires on the server.
 */
export function useEditLease(
  offerId: string | undefined,
  onRefused: () => void,
): { state: LeaseState; release: () => Promise<void> } {
  const [state, setState] = useState<LeaseState>('pending');
  const released = useRef(false);
  const refused = useRef(onRefused);
  refused.current = onRefused;

  useEffect(() => {
    if (!offerId) return;
    released.current = false;
    let timer: number | undefined;
    let cancelled = false;
    const beat = async () => {
      try {
        const lease = await offersApi.openLease(offerId);
        if (cancelled) return;
        setState('held');
        timer = window.setTimeout(() => void beat(), Math.max(5, lease.heartbeatSeconds) * 1000);
      } catch (e) {
        if (cancelled) return;
        if (e instanceof ApiError && e.code === 'NOT_OPEN') {
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
        timer = window.setTimeout(() => void beat(), 10_000);
      }
    };
    void beat();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      if (!released.current) {
        released.current = true;
        offersApi.releaseLease(offerId).catch(() => undefined);
      }
    };
  }, [offerId]);

  const release = async () => {
    if (!offerId || released.current) return;
    released.current = true;
    await offersApi.releaseLease(offerId).catch(() => undefined);
  };
  return { state, release };
}

/**
 * The live word that the user took an offer's edit lease over in one of their sessions (OFFER_LEASE_MOVED on
 * /topic/queue, received by the notifications' live queue): the editors of that offer open in this browser ask for the
 * lease again at once, and the server's answer tells each whether it still holds it.
 */
const moves = new EventTarget();

/** Told by the live queue. */
export function leaseMoved(offerId: string): void {
  moves.dispatchEvent(new CustomEvent<string>('moved', { detail: offerId }));
}

/** Calls `then` whenever the lease of `offerId` moved; returns the unsubscription. */
export function onLeaseMoved(offerId: string, then: () => void): () => void {
  const listener = (e: Event) => (e as CustomEvent<string>).detail === offerId && then();
  moves.addEventListener('moved', listener);
  return () => moves.removeEventListener('moved', listener);
}

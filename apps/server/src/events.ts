import { EventEmitter } from 'node:events';
import type { Language } from '@portal/shared';

/**
 * Events of consequence, emitted by services after their transaction commits. Listeners (notifications,
 * live messages, mail) subscribe here; a service never calls them directly.
 */
export interface PortalEvents {
  'user.signedIn': { userId: string; sessionId: string };
  'session.revoked': { userId: string; sessionId: string; reason: string };
  /** Every session of a user ended at once (deactivation): their live connections close on every instance. */
  'user.accessEnded': { userId: string; reason: string };
  /** A user's password was changed (profile, password management, reset link): the owner is told by mail. */
  'user.passwordChanged': { userId: string };
  /** What the signed-in check holds of a user changed (email, language, role, country): it is read afresh. */
  'user.accessChanged': { userId: string; reason: string };
  /** A counter offer: countryId is the country whose offer was answered, respondingCountryId the one answering. */
  'offer.responded': OfferEvent & { responseId: string; respondingCountryId: number };
  /**
   * The answering country decided on an entry of a counter offer (countryId: the answering country, whose offer it
   * is; respondingCountryId: the one that proposed): the proposer is told, batched, and open screens refresh live.
   */
  'response.decided': OfferEvent & {
    responseId: string;
    respondingCountryId: number;
    decision: 'OPEN' | 'ACCEPTED' | 'DECLINED';
    /** Whether the decision wrote the answering country's draft (an accepted value put in, or taken out again). */
    draftWritten: boolean;
  };
  /** A focal point saved a draft counter offer: the responding country's chief negotiator reviews and sends it. */
  'response.drafted': OfferEvent & { responseId: string; respondingCountryId: number };
  /** An editor announced over /topic/offer-edit that it holds the offer open (lease heartbeat). */
  'offer.editing': { offerId: string; userId: string; sessionId: string; editing: boolean };
  /** A user took the edit lease of an offer over from another of their sessions (POST /offers/:id/takeover). */
  'offer.leaseMoved': { offerId: string; userId: string; fromSessionId: string; toSessionId: string };
  /** People were put in a room: at its creation (invited false) or by an invitation (invited true). */
  'chat.membersAdded': { roomId: string; userIds: string[]; actorId: string; invited: boolean };
  /** A room's members changed (created, joined, invited, left, removed): what is kept of the room is read afresh. */
  'chat.membershipChanged': { roomId: string };
  'chat.messageSent': { roomId: string; messageId: string; senderId: string; conversation: string };
  /**
   * Some of these users' notifications changed otherwise than by a write their kept popover took in: marked read, or a
   * write that failed (it may have been stored all the same). Their popovers are read again.
   */
  'notifications.changed': { userIds: string[] };
  /** A reader's mark in a room moved forward (POST /chats/markRead): what told them of its messages is read too. */
  'chat.roomRead': { roomId: string; userId: string };
  /** A country was activated or deactivated in the back office; deactivation signs its users out live. */
  'country.activeChanged': { countryId: number; code: string; active: boolean; actorId: string };
  /** A country's draft was written without a submission: created (`created`) or saved from the editor. */
  'offer.saved': OfferEvent & { revision: number; created: boolean };
  /** A country's offer was submitted to the secretariat (a new immutable version). */
  'offer.submitted': OfferEvent & { versionNumber: number; status: 'INITIAL_OFFER' | 'REVISED_OFFER' };
  /** The secretariat sent the latest version back to the country, with a comment. */
  'offer.returned': OfferEvent & { versionNumber: number; comment: string };
  /** The secretariat validated the latest version (COMMITMENT). */
  'offer.validated': OfferEvent & { versionNumber: number };
  /** The secretariat finalized the offer (FINAL_OFFER): no more edits. */
  'offer.finalized': OfferEvent & { versionNumber: number };
  /** A country sent another a request on its offer: the requested country and the secretariat are told. */
  'request.sent': RequestEvent & { sectorCount: number };
  /** The requested country answered a request: the requesting country is told. */
  'request.answered': RequestEvent;
  /** The requesting country withdrew a request it had sent: the requested country is told. */
  'request.withdrawn': RequestEvent;
  /**
   * A visitor wrote through the public contact form: they get an acknowledgement in `language` (the one they read
   * the portal in), staff a notification, and CONTACT_NOTIFY_EMAIL a mail.
   */
  'contact.received': { messageId: string; language: Language };
}

/** What every request event carries: the request, the offer asked of, the two countries and who acted. */
interface RequestEvent {
  requestId: string;
  offerId: string;
  offerName: string;
  requestingCountryId: number;
  requestedCountryId: number;
  actorId: string;
}

/** What every offer event carries: the offer, the country it belongs to and who acted. */
interface OfferEvent {
  offerId: string;
  offerName: string;
  countryId: number;
  actorId: string;
}

type PortalEventName = keyof PortalEvents;

export class EventBus {
  private readonly emitter = new EventEmitter();
  private readonly running = new Set<Promise<unknown>>();

  emit<K extends PortalEventName>(name: K, payload: PortalEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends PortalEventName>(name: K, listener: (payload: PortalEvents[K]) => void | Promise<void>): () => void {
    const wrapped = (payload: PortalEvents[K]) => {
      const run = Promise.resolve()
        .then(() => listener(payload))
        .catch((err) => this.emitter.emit('error', err))
        .finally(() => this.running.delete(run));
      this.running.add(run);
    };
    this.emitter.on(name, wrapped);
    return () => this.emitter.off(name, wrapped);
  }

  /**
   * A listener run inside `emit`, before the emitting call goes on: for forgetting what the event made stale (a kept
   * session or profile), so that the call's own next read already misses it. It must be quick and must not throw;
   * anything that does work (mail, notifications, live messages) uses `on`.
   */
  onSync<K extends PortalEventName>(name: K, listener: (payload: PortalEvents[K]) => void): () => void {
    const guarded = (payload: PortalEvents[K]) => {
      try {
        listener(payload);
      } catch (err) {
        this.emitter.emit('error', err);
      }
    };
    this.emitter.on(name, guarded);
    return () => this.emitter.off(name, guarded);
  }

  /**
   * Resolves once no listener runs, including those started by events the running ones emit. The server awaits it
   * when stopping, before it closes Redis and the database: a request answered just before the stop has its
   * notifications and live messages sent, not failed on a closed connection.
   */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  /** Where listener failures go; they never fail the request that emitted the event. */
  onError(handler: (err: unknown) => void): void {
    this.emitter.on('error', handler);
  }
}

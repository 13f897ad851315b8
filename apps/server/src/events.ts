import { EventEmitter } from 'node:events';

/**
 * Events of consequence, emitted by services after their transaction commits. Listeners (notifications,
 * live messages, mail) subscribe here; a service never calls them directly.
 */
export interface PortalEvents {
  'user.signedIn': { userId: string; sessionId: string };
  'user.locked': { userId: string; until: Date };
  'session.revoked': { userId: string; sessionId: string; reason: string };
}

export type PortalEventName = keyof PortalEvents;

export class EventBus {
  private readonly emitter = new EventEmitter();

  emit<K extends PortalEventName>(name: K, payload: PortalEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends PortalEventName>(name: K, listener: (payload: PortalEvents[K]) => void | Promise<void>): () => void {
    const wrapped = (payload: PortalEvents[K]) => {
      Promise.resolve()
        .then(() => listener(payload))
        .catch((err) => this.emitter.emit('error', err));
    };
    this.emitter.on(name, wrapped);
    return () => this.emitter.off(name, wrapped);
  }

  /** Where listener failures go; they never fail the request that emitted the event. */
  onError(handler: (err: unknown) => void): void {
    this.emitter.on('error', handler);
  }
}

import crypto from 'node:crypto';
import { Redis } from 'ioredis';

/** One live message on its way to the subscribers of a destination, on whichever instance they are. */
export interface BrokerMessage {
  destination: string;
  /** Extra STOMP headers (e.g. country_code, user-id for /topic/queue filtering). */
  headers: Record<string, string>;
  body: string;
  /** Server-side facts for the destination rule's `accepts` (e.g. whose offer it is); never sent to clients. */
  scope?: Record<string, string | number | boolean | null | string[] | number[]>;
  /**
   * The addresses it is for (see `address`): only the subscribers reachable at one of them are offered it (their
   * rule's `accepts` still decides), so a message for one user costs nothing per other subscriber. Absent: every
   * subscriber of the destination is offered it.
   */
  to?: string[];
}

/** Where a subscriber can be reached on a shared destination such as /topic/queue (BrokerMessage.to). */
export const address = {
  user: (id: string) => `user:${id}`,
  country: (id: number) => `country:${id}`,
  staff: 'staff',
};

type BrokerHandler = (message: BrokerMessage) => void;

/**
 * Fan-out of live messages between server instances. A server subscribes to a destination while it has at
 * least one local subscriber to it, and every instance (including the publisher) receives what is published.
 * Presence (who is viewing a room) is kept here too, so that it is shared by all instances.
 */
export interface Broker {
  readonly kind: 'memory' | 'redis';
  publish(message: BrokerMessage): Promise<void>;
  /**
   * Resolves once messages published afterwards are sure to reach the handler. With `addresses`, a message naming
   * its addressees (`to`) reaches the handler only when one of them is among these.
   */
  subscribe(destination: string, handler: BrokerHandler, addresses?: string[]): Promise<() => Promise<void>>;
  /**
   * Records that a connection views a room (subscribed to its messages) or no longer does. While it does, the
   * instance refreshes the entry (every third of the presence time); an entry not refreshed for the presence time
   * (its instance died) no longer counts.
   */
  setViewing(roomId: string, viewer: string, viewing: boolean): Promise<void>;
  /** User ids with at least one connection viewing the room, on any instance. */
  viewers(roomId: string): Promise<Set<string>>;
  close(): Promise<void>;
}

export interface BrokerOptions {
  /**
   * How long a presence entry counts unless refreshed (STOMP_PRESENCE_TTL_SECONDS): the longest a viewer of an instance
   * that died (kill -9) is still counted, and so gets no notifications.
   */
  presenceTtlMs?: number;
}

/** A viewer is "userId:connectionId". */
const DEFAULT_PRESENCE_TTL_MS = 45_000;

/**
 * The presence entries of this instance's connections, refreshed every third of the presence time while they last, so
 * that those of an instance that stopped expire. `refresh` gets every entry, by room.
 */
class LocalViewing {
  readonly byRoom = new Map<string, Set<string>>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    readonly ttlMs: number,
    refresh: (byRoom: Map<string, Set<string>>) => Promise<void>,
  ) {
    this.timer = setInterval(() => {
      if (this.byRoom.size) refresh(this.byRoom).catch(() => {});
    }, ttlMs / 3);
    this.timer.unref();
  }

  set(roomId: string, viewer: string, viewing: boolean): void {
    let set = this.byRoom.get(roomId);
    if (viewing) {
      if (!set) this.byRoom.set(roomId, (set = new Set()));
      set.add(viewer);
    } else if (set) {
      set.delete(viewer);
      if (!set.size) this.byRoom.delete(roomId);
    }
  }

  /** Stops refreshing, the entries left as they are (as a crash would). */
  stop(): void {
    clearInterval(this.timer);
  }
}

/** The local handlers of one destination: all of them, and those with addresses indexed by address. */
interface Subscribers {
  all: Set<BrokerHandler>;
  /** Handlers subscribed without addresses: offered every message. */
  everything: Set<BrokerHandler>;
  byAddress: Map<string, Set<BrokerHandler>>;
  addressesOf: Map<BrokerHandler, string[]>;
}

/** Ref-counted local handlers per destination; the transport subscribes once per destination. */
export class LocalHandlers {
  private readonly byDestination = new Map<string, Subscribers>();

  add(destination: string, handler: BrokerHandler, addresses?: string[]): boolean {
    let subs = this.byDestination.get(destination);
    const first = !subs;
    if (!subs)
      this.byDestination.set(
        destination,
        (subs = { all: new Set(), everything: new Set(), byAddress: new Map(), addressesOf: new Map() }),
      );
    subs.all.add(handler);
    if (!addresses) subs.everything.add(handler);
    else {
      subs.addressesOf.set(handler, addresses);
      for (const a of addresses) {
        let set = subs.byAddress.get(a);
        if (!set) subs.byAddress.set(a, (set = new Set()));
        set.add(handler);
      }
    }
    return first;
  }

  remove(destination: string, handler: BrokerHandler): boolean {
    const subs = this.byDestination.get(destination);
    if (!subs) return false;
    subs.all.delete(handler);
    subs.everything.delete(handler);
    for (const a of subs.addressesOf.get(handler) ?? []) {
      const set = subs.byAddress.get(a);
      set?.delete(handler);
      if (set && !set.size) subs.byAddress.delete(a);
    }
    subs.addressesOf.delete(handler);
    if (subs.all.size) return false;
    this.byDestination.delete(destination);
    return true;
  }

  deliver(message: BrokerMessage) {
    const subs = this.byDestination.get(message.destination);
    if (!subs) return;
    if (!message.to) {
      for (const handler of [...subs.all]) handler(message);
      return;
    }
    // Each handler once, even when reachable at several of the addresses.
    const reached = new Set(subs.everything);
    for (const a of message.to) for (const handler of subs.byAddress.get(a) ?? []) reached.add(handler);
    for (const handler of reached) handler(message);
  }
}

/** The embedded default: one process, no network. */
class MemoryBroker implements Broker {
  readonly kind = 'memory' as const;
  private readonly handlers = new LocalHandlers();
  /** When each viewer of each room was last refreshed: the same rule as Redis's, in one process. */
  private readonly viewing = new Map<string, Map<string, number>>();
  private readonly local: LocalViewing;

  constructor(presenceTtlMs: number) {
    this.local = new LocalViewing(presenceTtlMs, async (byRoom) => {
      const now = Date.now();
      for (const [roomId, viewers] of byRoom) for (const v of viewers) this.viewing.get(roomId)?.set(v, now);
    });
  }

  async publish(message: BrokerMessage): Promise<void> {
    this.handlers.deliver(message);
  }

  async subscribe(destination: string, handler: BrokerHandler, addresses?: string[]) {
    this.handlers.add(destination, handler, addresses);
    return async () => {
      this.handlers.remove(destination, handler);
    };
  }

  async setViewing(roomId: string, viewer: string, viewing: boolean) {
    this.local.set(roomId, viewer, viewing);
    let room = this.viewing.get(roomId);
    if (viewing) {
      if (!room) this.viewing.set(roomId, (room = new Map()));
      room.set(viewer, Date.now());
    } else if (room) {
      room.delete(viewer);
      if (!room.size) this.viewing.delete(roomId);
    }
  }

  async viewers(roomId: string) {
    const since = Date.now() - this.local.ttlMs;
    const room = this.viewing.get(roomId);
    const users = new Set<string>();
    for (const [viewer, at] of room ?? []) {
      if (at >= since) users.add(viewerUser(viewer));
      else room!.delete(viewer);
    }
    return users;
  }

  async close() {
    this.local.stop();
  }
}

const CHANNEL_PREFIX = 'portal:stomp:';

/**
 * Redis pub/sub: one connection publishes, one subscribes (a subscribed Redis connection can do nothing else).
 * Each destination is a channel; an instance subscribes to it while it has local subscribers.
 */
class RedisBroker implements Broker {
  readonly kind = 'redis' as const;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new LocalHandlers();
  /** Serialises subscribe/unsubscribe per channel so a quick unsubscribe-resubscribe cannot drop the channel. */
  private readonly pending = new Map<string, Promise<unknown>>();
  /** Distinguishes this instance's viewers in the shared presence sets. */
  readonly instanceId = crypto.randomBytes(6).toString('hex');
  private readonly local: LocalViewing;

  constructor(url: string, presenceTtlMs: number) {
    this.local = new LocalViewing(presenceTtlMs, (byRoom) => this.refreshViewing(byRoom));
    const options = { lazyConnect: false, maxRetriesPerRequest: 3, enableReadyCheck: true };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    this.sub.on('message', (channel: string, raw: string) => {
      if (!channel.startsWith(CHANNEL_PREFIX)) return;
      let message: BrokerMessage;
      try {
        message = JSON.parse(raw) as BrokerMessage;
      } catch {
        return;
      }
      this.handlers.deliver(message);
    });
    // Errors are retried by ioredis; without a listener Node would treat them as unhandled.
    this.pub.on('error', () => {});
    this.sub.on('error', () => {});
  }

  /** Waits until both connections are ready (so a misconfigured REDIS_URL fails at start, not later). */
  async ready(): Promise<void> {
    await Promise.all([this.pub.ping(), this.sub.ping()]);
  }

  async publish(message: BrokerMessage): Promise<void> {
    await this.pub.publish(CHANNEL_PREFIX + message.destination, JSON.stringify(message));
  }

  private serial<T>(channel: string, work: () => Promise<T>): Promise<T> {
    const previous = this.pending.get(channel) ?? Promise.resolve();
    const next = previous.then(work, work);
    this.pending.set(channel, next);
    void next.finally(() => {
      if (this.pending.get(channel) === next) this.pending.delete(channel);
    });
    return next;
  }

  async subscribe(destination: string, handler: BrokerHandler, addresses?: string[]) {
    const channel = CHANNEL_PREFIX + destination;
    const first = this.handlers.add(destination, handler, addresses);
    await this.serial(channel, async () => {
      if (first) await this.sub.subscribe(channel);
    });
    return async () => {
      const last = this.handlers.remove(destination, handler);
      await this.serial(channel, async () => {
        if (last) await this.sub.unsubscribe(channel);
      });
    };
  }

  /**
   * A sorted set per room, each member "userId:connectionId:instance" scored with its last refresh; the key itself
   * expires with its last member, so a room of a dead instance leaves nothing behind.
   */
  async setViewing(roomId: string, viewer: string, viewing: boolean) {
    const key = viewingKey(roomId);
    this.local.set(roomId, viewer, viewing);
    if (viewing) {
      await this.pub
        .multi()
        .zadd(key, Date.now(), `${viewer}:${this.instanceId}`)
        .pexpire(key, this.local.ttlMs)
        .exec();
    } else {
      await this.pub.zrem(key, `${viewer}:${this.instanceId}`);
    }
  }

  /** One round trip for all this instance's entries; the members that stopped being refreshed are removed on the way. */
  private async refreshViewing(byRoom: Map<string, Set<string>>) {
    const now = Date.now();
    const batch = this.pub.multi();
    for (const [roomId, viewers] of byRoom) {
      const key = viewingKey(roomId);
      for (const viewer of viewers) batch.zadd(key, now, `${viewer}:${this.instanceId}`);
      batch.zremrangebyscore(key, '-inf', now - this.local.ttlMs).pexpire(key, this.local.ttlMs);
    }
    await batch.exec();
  }

  async viewers(roomId: string) {
    const members = await this.pub.zrangebyscore(viewingKey(roomId), Date.now() - this.local.ttlMs, '+inf');
    return new Set(members.map(viewerUser));
  }

  async close() {
    this.local.stop();
    this.sub.disconnect();
    await this.pub.quit().catch(() => this.pub.disconnect());
  }
}

const viewingKey = (roomId: string) => `portal:viewing:${roomId}`;

/** The user of a viewer (`<userId>:<sessionId>`, on Redis followed by `:<instanceId>`). */
const viewerUser = (viewer: string) => viewer.replace(/:.*$/s, '');

/** The broker the configuration asks for: Redis when REDIS_URL is set, in-process otherwise. */
export async function createBroker(redisUrl: string | undefined, options: BrokerOptions = {}): Promise<Broker> {
  const presenceTtlMs = options.presenceTtlMs ?? DEFAULT_PRESENCE_TTL_MS;
  if (!redisUrl) return new MemoryBroker(presenceTtlMs);
  const broker = new RedisBroker(redisUrl, presenceTtlMs);
  await broker.ready();
  return broker;
}

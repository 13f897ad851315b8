import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Broker } from './broker.js';
import { DestinationTable, type DestinationRule, type LiveGrant, type LiveSession } from './destinations.js';
import { Connection, TOO_MANY_CONNECTIONS } from './connection.js';
import { SendBudget } from './send-budget.js';

export { SEND_THROTTLED, SHUTTING_DOWN, TOO_MANY_CONNECTIONS, UNAUTHORIZED } from './connection.js';

interface RealtimeOptions {
  broker: Broker;
  log: FastifyBaseLogger;
  /**
   * The user behind an access token and until when the connection may live on it (the token's expiry, the session's
   * limits), or null when it is not valid (reuses the API's check).
   */
  authenticate(token: string): Promise<LiveGrant | null>;
  /** Largest frame accepted from a client, in bytes. */
  maxFrameBytes: number;
  /** Heart-beat interval the server offers and asks for, in milliseconds (0 disables). */
  heartbeatMs: number;
  /** SEND frames a connection may make: a burst, then so many a second (a token bucket); unlimited when absent. */
  sendBudget?: { burst: number; perSecond: number };
  /** SEND frames one user may make across all their connections on this instance; unlimited when absent. */
  userSendBudget?: { burst: number; perSecond: number };
  /** Live connections one user may hold on this instance; past it their oldest is closed. Unlimited when absent. */
  maxConnectionsPerUser?: number;
}

/** One user's live connections on this instance, oldest first, and the SEND budget they share. */
interface UserConnections {
  connections: Connection[];
  sends: SendBudget;
  forget?: NodeJS.Timeout;
}

/** Which live connections to end (session revoked, country deactivated, user disabled). */
interface DisconnectFilter {
  sessionIds?: string[];
  userIds?: string[];
  countryIds?: number[];
  /** Sent in the ERROR frame before the connection closes. */
  reason: string;
}

/** Which users' subscriptions to one destination to end, their connections staying open (access to a room ended). */
interface DropFilter {
  userIds: string[];
  destination: string;
  /** The key of `session.authorized` that let them in (e.g. `room:<id>`), forgotten so the next SEND is re-checked. */
  authorized?: string;
}

/** Instances tell each other to end connections over this broker channel. */
const CONTROL_DESTINATION = '/internal/disconnect';
/** …and to end some users' subscriptions to a destination (a channel of its own: older instances ignore it). */
const DROP_DESTINATION = '/internal/drop-subscriptions';

/** Endpoint guards: a check run on CONNECT for one endpoint path (e.g. /stomp-chat?roomId must be a room you are in). */
type EndpointGuard = (session: LiveSession) => Promise<boolean>;

/**
 * The STOMP 1.2 server: accepts WebSocket connections, authenticates CONNECT with the access token,
 * authorizes every SUBSCRIBE and SEND through the destination table, and fans messages out through the Broker.
 */
export class Realtime {
  readonly destinations = new DestinationTable();
  private readonly connections = new Set<Connection>();
  private readonly guards = new Map<string, EndpointGuard>();
  private readonly users = new Map<string, UserConnections>();
  private controlUnsubscribe: (() => Promise<void>)[] = [];
  private sequence = 0;
  readonly instance = crypto.randomBytes(4).toString('hex');

  constructor(readonly options: RealtimeOptions) {}

  get broker(): Broker {
    return this.options.broker;
  }

  /** Subscribes to the instances' control channel; call once before accepting connections. */
  async start(): Promise<void> {
    const onDisconnect = await this.broker.subscribe(CONTROL_DESTINATION, (message) => {
      const filter = JSON.parse(message.body) as DisconnectFilter;
      for (const conn of this.connections) {
        const u = conn.user;
        if (!u) continue;
        if (
          filter.sessionIds?.includes(u.sessionId) ||
          filter.userIds?.includes(u.id) ||
          (u.countryId !== null && filter.countryIds?.includes(u.countryId))
        ) {
          conn.fail(filter.reason);
        }
      }
    });
    const onDrop = await this.broker.subscribe(DROP_DESTINATION, (message) => {
      const filter = JSON.parse(message.body) as DropFilter;
      for (const conn of this.connections) {
        if (conn.user && filter.userIds.includes(conn.user.id)) conn.drop(filter.destination, filter.authorized);
      }
    });
    this.controlUnsubscribe = [onDisconnect, onDrop];
  }

  register<P extends string>(rule: DestinationRule<P>): void {
    this.destinations.register(rule);
  }

  guardEndpoint(path: string, guard: EndpointGuard): void {
    this.guards.set(path, guard);
  }

  guardOf(path: string): EndpointGuard | undefined {
    return this.guards.get(path);
  }

  /** Publishes to every subscriber of a destination on every instance (to those at the addresses `to` when given). */
  publish(destination: string, body: unknown, headers: Record<string, string> = {}, to?: string[]): Promise<void> {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return this.broker.publish({ destination, headers, body: text, ...(to ? { to } : {}) });
  }

  /** Ends the matching live connections on every instance. */
  disconnect(filter: DisconnectFilter): Promise<void> {
    return this.publish(CONTROL_DESTINATION, filter);
  }

  /**
   * Ends the users' subscriptions to one destination on every instance, leaving their connections open: nothing
   * published afterwards reaches them there, and what `authorized` let them do is checked again.
   */
  drop(filter: DropFilter): Promise<void> {
    return this.publish(DROP_DESTINATION, filter);
  }

  nextMessageId(): string {
    return `${this.instance}-${++this.sequence}`;
  }

  /** Takes over a freshly upgraded WebSocket. */
  accept(socket: WebSocket, endpoint: string, query: Record<string, string | undefined>): void {
    const conn = new Connection(this, socket, endpoint, query);
    this.connections.add(conn);
    socket.on('close', () => {
      this.connections.delete(conn);
      this.release(conn);
      void conn.cleanup();
    });
  }

  /**
   * Counts a connection that has just authenticated among its user's; past the cap, the user's oldest connection is
   * closed (TOO_MANY_CONNECTIONS). Answers the SEND budget the user's connections share.
   */
  admit(conn: Connection): SendBudget {
    const userId = conn.user.id;
    let user = this.users.get(userId);
    if (!user) this.users.set(userId, (user = { connections: [], sends: new SendBudget(this.options.userSendBudget) }));
    clearTimeout(user.forget);
    user.connections.push(conn);
    const cap = this.options.maxConnectionsPerUser;
    while (cap && user.connections.length > cap) {
      const oldest = user.connections.shift()!;
      this.options.log.info({ user: userId }, 'STOMP connection cap reached: the oldest connection is closed');
      oldest.fail(TOO_MANY_CONNECTIONS);
    }
    return user.sends;
  }

  /**
   * A connection is gone. The user's entry outlives their last connection until their budget has refilled, so that
   * closing every connection and coming back does not refill it sooner.
   */
  private release(conn: Connection): void {
    const userId = conn.connectedUserId;
    const user = userId ? this.users.get(userId) : undefined;
    if (!userId || !user) return;
    const index = user.connections.indexOf(conn);
    if (index >= 0) user.connections.splice(index, 1);
    if (user.connections.length) return;
    const budget = this.options.userSendBudget;
    const refillMs = budget ? (budget.burst / budget.perSecond) * 1000 : 0;
    clearTimeout(user.forget);
    user.forget = setTimeout(() => {
      if (this.users.get(userId) === user && !user.connections.length) this.users.delete(userId);
    }, refillMs);
    user.forget.unref();
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** The server is stopping: every live connection gets an ERROR frame it reconnects from, then is closed. */
  shutdown(): void {
    for (const conn of this.connections) conn.goAway();
  }

  async close(): Promise<void> {
    for (const conn of this.connections) conn.socket.terminate();
    await Promise.all(this.controlUnsubscribe.map((unsubscribe) => unsubscribe()));
  }
}

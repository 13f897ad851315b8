// One STOMP client connection of the hub (hub.ts): its parser, user, subscriptions, heart-beats and SEND budget.
import crypto from 'node:crypto';
import type { WebSocket } from 'ws';
import { LIVE_CLOSE, LIVE_REFUSALS, LIVE_TOKEN_DESTINATION } from '@portal/shared';
import type { BrokerMessage } from './broker.js';
import { LiveRefusal, type LiveGrant, type LiveSession, type LiveUser } from './destinations.js';
import type { Realtime } from './hub.js';
import { SendBudget } from './send-budget.js';
import { FrameError, FrameParser, encodeFrame, encodeMessageFrame, encodeMessageShared, type Frame } from './frame.js';

/** The ERROR messages that close a connection, named as the rest of the server reads them (LIVE_CLOSE, shared). */
export const { SEND_THROTTLED, TOO_MANY_CONNECTIONS, UNAUTHORIZED } = LIVE_CLOSE;
export const SHUTTING_DOWN = LIVE_CLOSE.SERVER_SHUTTING_DOWN;

interface Subscription {
  destination: string;
  /** False once dropped: a message already on its way is not delivered. */
  active: boolean;
  unsubscribe(): Promise<void>;
}

const SERVER_NAME = 'portal-stomp/1.0';

/** One client connection: its parser, user, subscriptions and heart-beat timers. */
export class Connection implements LiveSession {
  readonly id = crypto.randomBytes(8).toString('hex');
  readonly authorized = new Set<string>();
  user!: LiveUser;
  private connected = false;
  private closing = false;
  private readonly parser: FrameParser;
  private readonly subscriptions = new Map<string, Subscription>();
  /** Frames are handled one after another, even when authorizing one waits on the database. */
  private queue: Promise<void> = Promise.resolve();
  private lastReceived = Date.now();
  private timers: NodeJS.Timeout[] = [];
  private readonly sends: SendBudget;
  /** The SEND budget shared by all the user's connections on this instance (known once connected). */
  private userSends: SendBudget | undefined;
  /** Over its SEND budget: nothing more is read; what was queued is handled, then the connection closes. */
  private flooded = false;
  /** When the grant of the access token ends (its expiry, or the session's limits): nothing is handled after it. */
  private expiresAt = Infinity;
  private expiryTimer: NodeJS.Timeout | undefined;
  /** The grant ended: nothing more is read, handled or delivered; the ERROR frame follows the frame in hand. */
  private expired = false;

  constructor(
    private readonly hub: Realtime,
    readonly socket: WebSocket,
    readonly endpoint: string,
    readonly query: Record<string, string | undefined>,
  ) {
    this.parser = new FrameParser({ maxFrameBytes: hub.options.maxFrameBytes, maxHeaders: 64 });
    this.sends = new SendBudget(hub.options.sendBudget);
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => this.receive(toBuffer(data)));
    socket.on('error', () => socket.terminate());
    // A client that never sends CONNECT is dropped.
    this.timers.push(setTimeout(() => !this.connected && this.fail('CONNECT frame expected'), 10_000));
  }

  /** The user's id once CONNECT has succeeded (and the connection counts among the user's). */
  get connectedUserId(): string | undefined {
    return this.connected ? this.user.id : undefined;
  }

  private receive(chunk: Buffer) {
    if (this.closing || this.flooded) return;
    if (this.lapsed()) return this.expire();
    this.lastReceived = Date.now();
    let frames: Frame[];
    try {
      frames = this.parser.push(chunk);
    } catch (err) {
      this.fail(err instanceof FrameError ? err.message : 'Malformed frame');
      return;
    }
    for (const frame of frames) {
      // Counted as the frames arrive, before any waits on the database: a flood is cut off at once, its excess
      // neither queued nor stored; the frames within the budget are handled, then the connection is closed.
      if (frame.command === 'SEND' && !(this.sends.take() && this.takeUserSend(frame))) {
        this.flooded = true;
        this.hub.options.log.warn({ user: this.user?.id }, 'STOMP SEND flood: connection throttled');
        this.queue = this.queue.then(() => this.fail(SEND_THROTTLED));
        return;
      }
      this.queue = this.queue
        .then(() => (this.closing || this.expired ? undefined : this.lapsed() ? this.expire() : this.handle(frame)))
        .catch((err) => this.handleError(err, frame));
    }
  }

  /** A renewal of the token is no message: it does not count against the user's budget. */
  private takeUserSend(frame: Frame): boolean {
    if (!this.userSends || frame.headers.destination === LIVE_TOKEN_DESTINATION) return true;
    return this.userSends.take();
  }

  private handleError(err: unknown, frame: Frame) {
    if (err instanceof LiveRefusal) return this.fail(err.message, frame.headers.receipt);
    this.hub.options.log.error({ err, command: frame.command }, 'STOMP frame handling failed');
    this.fail('Sorry, something went wrong. Please try again later.', frame.headers.receipt);
  }

  private async handle(frame: Frame) {
    if (!this.connected) {
      if (frame.command !== 'CONNECT' && frame.command !== 'STOMP')
        throw new LiveRefusal(LIVE_REFUSALS.connectExpected);
      return this.connect(frame);
    }
    switch (frame.command) {
      case 'CONNECT':
      case 'STOMP':
        throw new LiveRefusal(LIVE_REFUSALS.alreadyConnected);
      case 'SUBSCRIBE':
        await this.subscribe(frame);
        break;
      case 'UNSUBSCRIBE': {
        const id = required(frame, 'id');
        const sub = this.subscriptions.get(id);
        this.subscriptions.delete(id);
        await sub?.unsubscribe();
        break;
      }
      case 'SEND':
        await this.sendFrame(frame);
        break;
      case 'ACK':
      case 'NACK':
        // Subscriptions are ack:auto; acknowledgements are accepted and have nothing to do.
        break;
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        throw new LiveRefusal(LIVE_REFUSALS.noTransactions);
      case 'DISCONNECT':
        if (frame.headers.receipt) this.write('RECEIPT', { 'receipt-id': frame.headers.receipt });
        this.closing = true;
        this.socket.close(1000, 'DISCONNECT');
        return;
    }
    if (frame.headers.receipt) this.write('RECEIPT', { 'receipt-id': frame.headers.receipt });
  }

  private async connect(frame: Frame) {
    const versions = (frame.headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    if (!versions.includes('1.2')) {
      this.write(
        'ERROR',
        { version: '1.2', 'content-type': 'text/plain', message: 'Supported protocol versions are 1.2' },
        'Supported protocol versions are 1.2',
      );
      return this.close();
    }
    const token = bearerToken(frame.headers);
    const grant = token ? await this.hub.options.authenticate(token) : null;
    if (!grant) throw new LiveRefusal(UNAUTHORIZED);
    const { user } = grant;
    this.user = user;
    const guard = this.hub.guardOf(this.endpoint);
    if (guard && !(await guard(this))) throw new LiveRefusal(LIVE_REFUSALS.notFound);
    this.connected = true;
    this.grant(grant);
    this.userSends = this.hub.admit(this);

    const hb = this.hub.options.heartbeatMs;
    const [cx, cy] = (frame.headers['heart-beat'] ?? '0,0').split(',').map((n) => Number.parseInt(n, 10) || 0);
    const sendEvery = hb && cy ? Math.max(hb, cy) : 0;
    const expectEvery = hb && cx ? Math.max(hb, cx) : 0;
    this.write('CONNECTED', {
      version: '1.2',
      'heart-beat': `${hb},${hb}`,
      server: SERVER_NAME,
      session: this.id,
      'user-name': user.email,
    });
    if (sendEvery)
      this.timers.push(setInterval(() => this.socket.readyState === 1 && this.socket.send('\n'), sendEvery));
    if (expectEvery) {
      // Allow for network delay and timer drift before calling the client dead.
      const grace = expectEvery * 2 + 1000;
      this.timers.push(
        setInterval(() => Date.now() - this.lastReceived > grace && this.fail('Heart-beat timeout'), expectEvery),
      );
    }
  }

  private async subscribe(frame: Frame) {
    const id = required(frame, 'id');
    const destination = required(frame, 'destination');
    if (this.subscriptions.has(id)) throw new LiveRefusal(LIVE_REFUSALS.subscriptionInUse(id));
    const match = this.hub.destinations.match(destination);
    if (!match?.rule.canSubscribe || !(await match.rule.canSubscribe(this, match.params))) {
      throw new LiveRefusal(LIVE_REFUSALS.cannotSubscribe(destination));
    }
    const { rule, params } = match;
    // Reserve the id before awaiting so a duplicate SUBSCRIBE in flight is refused.
    const placeholder: Subscription = { destination, active: true, unsubscribe: async () => {} };
    this.subscriptions.set(id, placeholder);
    const deliver = (message: BrokerMessage) => {
      if (!placeholder.active || this.expired) return;
      if (this.lapsed()) return this.expire();
      if (rule.accepts && !rule.accepts(this, message)) return;
      if (this.socket.readyState !== 1) return;
      this.socket.send(encodeMessageFrame(id, this.hub.nextMessageId(), sharedPart(message)), { binary: false });
    };
    const unsubscribeBroker = await this.hub.broker.subscribe(destination, deliver, rule.addresses?.(this));
    await rule.onSubscribed?.(this, params, true);
    placeholder.unsubscribe = async () => {
      await unsubscribeBroker();
      await rule.onSubscribed?.(this, params, false);
    };
    // Dropped (or unsubscribed) while the broker was subscribing: undo it now that there is something to undo.
    if (!placeholder.active) await placeholder.unsubscribe();
  }

  /**
   * Ends this connection's subscriptions to a destination without closing it, and forgets an authorization. Done at
   * once, and again after the frames in hand (a SUBSCRIBE authorized just before access ended).
   */
  drop(destination: string, authorized?: string) {
    const now = () => {
      if (authorized) this.authorized.delete(authorized);
      for (const [id, sub] of this.subscriptions) {
        if (sub.destination !== destination) continue;
        sub.active = false;
        this.subscriptions.delete(id);
        void sub.unsubscribe().catch(() => {});
      }
    };
    now();
    this.queue = this.queue.then(now);
  }

  private async sendFrame(frame: Frame) {
    const destination = required(frame, 'destination');
    if (destination === LIVE_TOKEN_DESTINATION) return this.renew(frame);
    const match = this.hub.destinations.match(destination);
    if (!match?.rule.onSend) throw new LiveRefusal(LIVE_REFUSALS.cannotSend(destination));
    await match.rule.onSend(this, { headers: frame.headers, body: frame.body.toString('utf8') }, match.params);
  }

  /**
   * A fresh access token on the open connection (a SEND to LIVE_TOKEN_DESTINATION): it must be the same user's, of
   * the same session; the connection then lives until the new grant ends. Anything else closes it.
   */
  private async renew(frame: Frame) {
    const token = bearerToken(frame.headers);
    const grant = token ? await this.hub.options.authenticate(token) : null;
    if (!grant) throw new LiveRefusal(UNAUTHORIZED);
    if (grant.user.id !== this.user.id || grant.user.sessionId !== this.user.sessionId) {
      this.hub.options.log.warn({ user: this.user.id }, 'STOMP token renewal with another user or session refused');
      throw new LiveRefusal(UNAUTHORIZED);
    }
    this.user = grant.user;
    this.grant(grant);
  }

  /** Holds the connection open until the grant ends (checked again on every frame and delivery: timers run late). */
  private grant({ expiresAt }: Pick<LiveGrant, 'expiresAt'>) {
    this.expiresAt = expiresAt;
    clearTimeout(this.expiryTimer);
    // setTimeout holds at most 2^31-1 ms (24.8 days); a longer grant is checked again then.
    const wait = Math.min(Math.max(0, expiresAt - Date.now()), 2 ** 31 - 1);
    this.expiryTimer = setTimeout(() => (this.lapsed() ? this.expire() : this.grant({ expiresAt })), wait);
    this.expiryTimer.unref();
  }

  private lapsed(): boolean {
    return this.expired || Date.now() >= this.expiresAt;
  }

  /**
   * The grant ended: at once nothing more is read or delivered, and the frames waiting are dropped; the frame being
   * handled (begun before the end) finishes, then the ERROR frame closes the connection.
   */
  private expire() {
    if (this.expired || this.closing) return;
    this.expired = true;
    clearTimeout(this.expiryTimer);
    this.queue = this.queue.then(() => this.fail(UNAUTHORIZED));
  }

  private write(command: string, headers: Record<string, string | undefined>, body = '') {
    if (this.socket.readyState !== 1) return;
    // A Buffer sent as a text frame: STOMP frames are UTF-8 text, and this spares a string conversion.
    this.socket.send(encodeFrame(command, headers, body), { binary: false });
  }

  /** Sends an ERROR frame and closes the connection, as STOMP requires after an error. */
  fail(message: string, receipt?: string) {
    if (this.closing) return;
    clearTimeout(this.expiryTimer);
    this.write('ERROR', { 'content-type': 'text/plain', message, 'receipt-id': receipt }, message);
    this.close();
  }

  /** Server stopping: the ERROR frame, then at once the close handshake with 1001 (going away). */
  goAway() {
    if (this.closing) return;
    this.write('ERROR', { 'content-type': 'text/plain', message: SHUTTING_DOWN }, SHUTTING_DOWN);
    this.closing = true;
    clearTimeout(this.expiryTimer);
    for (const t of this.timers) clearInterval(t);
    // ws sends frames in order: the ERROR frame leaves before the close frame.
    this.socket.close(1001, SHUTTING_DOWN);
  }

  private close() {
    this.closing = true;
    for (const t of this.timers) clearInterval(t);
    // Let the ERROR frame leave before the close handshake.
    setTimeout(() => this.socket.close(1000), 20).unref();
  }

  async cleanup() {
    this.closing = true;
    clearTimeout(this.expiryTimer);
    for (const t of this.timers) clearInterval(t);
    const subs = [...this.subscriptions.values()];
    this.subscriptions.clear();
    await Promise.all(subs.map((s) => s.unsubscribe().catch(() => {})));
  }
}

/** The encoded common part of a published message, shared by all its local subscribers. */
const sharedParts = new WeakMap<BrokerMessage, Buffer>();
function sharedPart(message: BrokerMessage): Buffer {
  let part = sharedParts.get(message);
  if (!part) {
    part = encodeMessageShared(
      { destination: message.destination, 'content-type': 'application/json', ...message.headers },
      message.body,
    );
    sharedParts.set(message, part);
  }
  return part;
}

/** The access token of a CONNECT or renewal frame: `Authorization` (`Bearer …` or bare), `access-token` or `passcode`. */
function bearerToken(headers: Record<string, string>): string {
  const auth = headers.Authorization ?? headers.authorization ?? headers['access-token'] ?? headers.passcode ?? '';
  return auth.replace(/^Bearer\s+/i, '').trim();
}

function required(frame: Frame, header: string): string {
  const value = frame.headers[header];
  if (!value) throw new LiveRefusal(LIVE_REFUSALS.headerMissing(frame.command, header));
  return value;
}

function toBuffer(data: Buffer | ArrayBuffer | Buffer[]): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

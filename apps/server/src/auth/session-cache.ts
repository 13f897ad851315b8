import type { Profile } from '@portal/shared';
import type { Actor, AppContext } from '../context.js';

/** Which remembered sessions to forget: by session, by user, or every user of a country. */
export interface SessionDrop {
  sessionIds?: string[];
  userIds?: string[];
  countryIds?: number[];
}

/** Instances tell each other to forget sessions over this broker channel (never offered to clients). */
export const SESSION_DROP_DESTINATION = '/internal/session-cache';

/** Most sessions (and profiles) remembered at once; past it the oldest entry goes (a miss only costs the usual query). */
const DEFAULT_MAX_ENTRIES = 10_000;

/** Entries kept until a time limit, at most `maxEntries` of them (the oldest goes first). */
class Expiring<V> {
  readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }
}

/**
 * What the signed-in check found for a session (user, role, country, session alive), kept a short while so a call
 * does not cost a database round trip; and, under the same time limit, each user's own profile (the answer of
 * GET /api/profile/current, the call every screen makes). Whatever ends or changes access or the profile drops the
 * entries it touches at once (`drop`), and `epoch` moves on every drop so that a lookup which started before it is
 * not remembered.
 *
 * @cache sessions
 * @cache profiles
 */
export class SessionCache {
  private readonly sessions: Expiring<Actor>;
  private readonly profiles: Expiring<Profile>;
  private generation = 0;

  constructor(
    private readonly ttlSeconds: number,
    maxEntries = DEFAULT_MAX_ENTRIES,
    now: () => number = Date.now,
  ) {
    this.sessions = new Expiring(ttlSeconds * 1000, maxEntries, now);
    this.profiles = new Expiring(ttlSeconds * 1000, maxEntries, now);
  }

  get enabled(): boolean {
    return this.ttlSeconds > 0;
  }

  get size(): number {
    return this.sessions.entries.size;
  }

  /** Read before a database lookup and given back to `remember`. */
  get epoch(): number {
    return this.generation;
  }

  /** The actor remembered for a session, if still within its time limit. */
  recall(sessionId: string): Actor | undefined {
    return this.sessions.get(sessionId);
  }

  /** Remembers a valid session, unless something was dropped since the lookup began (it may have read stale rows). */
  remember(actor: Actor, epoch: number): void {
    if (!this.enabled || epoch !== this.generation) return;
    this.sessions.set(actor.sessionId, Object.freeze({ ...actor }));
  }

  /** The profile remembered for a user, if still within its time limit. */
  recallProfile(userId: string): Profile | undefined {
    return this.profiles.get(userId);
  }

  /** Remembers a user's profile as read, under the same rule as `remember`. */
  rememberProfile(profile: Profile, epoch: number): void {
    if (!this.enabled || epoch !== this.generation) return;
    this.profiles.set(profile.userId, Object.freeze(profile));
  }

  /** Forgets the matching sessions (and the profiles of the users named) on this instance. */
  drop(filter: SessionDrop): void {
    this.generation++;
    const sessions = new Set(filter.sessionIds ?? []);
    const userIds = new Set(filter.userIds ?? []);
    const countryIds = new Set(filter.countryIds ?? []);
    for (const [sessionId, { value: actor }] of this.sessions.entries) {
      if (
        sessions.has(sessionId) ||
        userIds.has(actor.id) ||
        (actor.countryId !== null && countryIds.has(actor.countryId))
      ) {
        this.sessions.entries.delete(sessionId);
      }
    }
    for (const userId of userIds) this.profiles.entries.delete(userId);
  }
}

/**
 * Drops remembered sessions on every instance when access ends or changes: here at once, elsewhere through the
 * live-message broker (Redis when REDIS_URL is set). The publications in flight are kept so that the response of
 * the call that caused them waits for them (see `settled`): a client told "signed out" is signed out everywhere.
 */
export class SessionInvalidation {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly ctx: AppContext) {}

  /** Subscribes to the other instances' drops and to the events that end or change access; call once at start. */
  async start(): Promise<void> {
    const { ctx } = this;
    await ctx.realtime.broker.subscribe(SESSION_DROP_DESTINATION, (message) => {
      try {
        ctx.sessionCache.drop(JSON.parse(message.body) as SessionDrop);
      } catch (err) {
        ctx.log.error({ err }, 'unreadable session cache message');
      }
    });
    // At once, inside `emit`: the call that made the change reads afresh already (e.g. the profile it answers).
    ctx.events.onSync('session.revoked', ({ sessionId }) => this.drop({ sessionIds: [sessionId] }));
    ctx.events.onSync('user.accessEnded', ({ userId }) => this.drop({ userIds: [userId] }));
    ctx.events.onSync('user.accessChanged', ({ userId }) => this.drop({ userIds: [userId] }));
    ctx.events.onSync('country.activeChanged', ({ countryId, active }) => {
      if (!active) this.drop({ countryIds: [countryId] });
    });
  }

  /** Forgets the sessions here, then tells the other instances. */
  drop(filter: SessionDrop): void {
    this.ctx.sessionCache.drop(filter);
    const published = this.ctx.realtime.broker
      .publish({ destination: SESSION_DROP_DESTINATION, headers: {}, body: JSON.stringify(filter) })
      .catch((err: unknown) => this.ctx.log.error({ err }, 'session cache drop not published'));
    this.inFlight.add(published);
    void published.finally(() => this.inFlight.delete(published));
  }

  /** Resolves once every drop published so far has reached the broker. */
  async settled(): Promise<void> {
    if (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  get pending(): number {
    return this.inFlight.size;
  }
}

import type { Actor } from '../context.js';
import type { BrokerMessage } from './broker.js';

/** The signed-in user behind a live connection. */
export interface LiveUser extends Actor {
  /** ISO code of the user's country (null for the secretariat, admins and advisors). */
  countryCode: string | null;
  firstName: string;
  lastName: string;
}

/** What an access token grants a live connection: its user, until `expiresAt` (ms) unless renewed first. */
export interface LiveGrant {
  user: LiveUser;
  expiresAt: number;
}

/** What a destination rule sees of the connection it judges. */
export interface LiveSession {
  readonly id: string;
  readonly user: LiveUser;
  /** The endpoint path (/stomp or /stomp-chat) and its query (roomId). */
  readonly endpoint: string;
  readonly query: Record<string, string | undefined>;
  /** Per-connection memo of what has been authorized (e.g. rooms), so a busy sender is not re-checked per frame. */
  readonly authorized: Set<string>;
}

/** A refusal of a SUBSCRIBE or SEND: the client gets an ERROR frame with this text, then the connection closes. */
export class LiveRefusal extends Error {}

/**
 * The params of a pattern's {name} segments, each present when the destination matched:
 * '/topic/messages/{roomId}' gives `{ roomId: string }`; a pattern known only as a string gives none by name.
 */
type DestinationParams<P extends string = string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Record<Name, string> & DestinationParams<Rest>
  : Record<never, string>;

/**
 * How one destination (or a family of them, '/topic/messages/{roomId}') behaves. Areas register their rules
 * (chat, notifications, offers); a destination without a rule can be neither subscribed to nor sent to.
 */
export interface DestinationRule<P extends string = string> {
  /** Template with {name} segments, e.g. '/topic/messages/{roomId}'. */
  pattern: P;
  /** May this session subscribe? Throw LiveRefusal (or return false) to refuse. Absent: subscribing is refused. */
  canSubscribe?(session: LiveSession, params: DestinationParams<P>): Promise<boolean> | boolean;
  /** Whether one published message is for this subscriber (e.g. /topic/queue: own user or own country). */
  accepts?(session: LiveSession, message: BrokerMessage): boolean;
  /**
   * Where a subscriber can be reached (broker `address`): a message naming its addressees (`to`) is offered only to
   * the subscribers at one of them. Absent: every message of the destination is offered to the subscriber.
   */
  addresses?(session: LiveSession): string[];
  /** Handles a SEND from a client. Absent: sending is refused. */
  onSend?(
    session: LiveSession,
    frame: { headers: Record<string, string>; body: string },
    params: DestinationParams<P>,
  ): Promise<void>;
  /** Called when a subscription starts or ends (presence). */
  onSubscribed?(session: LiveSession, params: DestinationParams<P>, subscribed: boolean): Promise<void>;
}

interface CompiledRule {
  rule: DestinationRule;
  /** The pattern with each {name} segment as a capture group of that name. */
  regex: RegExp;
}

/** The table of destination rules, matched in registration order. */
export class DestinationTable {
  private readonly rules: CompiledRule[] = [];

  register<P extends string>(rule: DestinationRule<P>): void {
    const source = rule.pattern
      .split(/(\{[a-zA-Z]+\})/)
      .map((part) => {
        const name = /^\{([a-zA-Z]+)\}$/.exec(part)?.[1];
        if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        return `(?<${name}>[A-Za-z0-9_-]{1,64})`;
      })
      .join('');
    this.rules.push({ rule, regex: new RegExp(`^${source}$`) });
  }

  match(destination: string): { rule: DestinationRule; params: DestinationParams } | null {
    for (const compiled of this.rules) {
      const m = compiled.regex.exec(destination);
      if (m) return { rule: compiled.rule, params: { ...m.groups } };
    }
    return null;
  }
}

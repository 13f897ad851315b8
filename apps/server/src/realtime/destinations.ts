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

type DestinationParams = Record<string, string>;

/**
 * How one destination (or a family of them, '/topic/messages/{roomId}') behaves. Areas register their rules
 * (chat, notifications, offers); a destination without a rule can be neither subscribed to nor sent to.
 */
export interface DestinationRule {
  /** Template with {name} segments, e.g. '/topic/messages/{roomId}'. */
  pattern: string;
  /** May this session subscribe? Throw LiveRefusal (or return false) to refuse. Absent: subscribing is refused. */
  canSubscribe?(session: LiveSession, params: DestinationParams): Promise<boolean> | boolean;
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
    params: DestinationParams,
  ): Promise<void>;
  /** Called when a subscription starts or ends (presence). */
  onSubscribed?(session: LiveSession, params: DestinationParams, subscribed: boolean): Promise<void>;
}

interface CompiledRule {
  rule: DestinationRule;
  regex: RegExp;
  names: string[];
}

/** The table of destination rules, matched in registration order. */
export class DestinationTable {
  private readonly rules: CompiledRule[] = [];

  register(rule: DestinationRule): void {
    const names: string[] = [];
    const source = rule.pattern
      .split(/(\{[a-zA-Z]+\})/)
      .map((part) => {
        const m = /^\{([a-zA-Z]+)\}$/.exec(part);
        if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(m[1]);
        return '([A-Za-z0-9_-]{1,64})';
      })
      .join('');
    this.rules.push({ rule, regex: new RegExp(`^${source}$`), names });
  }

  match(destination: string): { rule: DestinationRule; params: DestinationParams } | null {
    for (const compiled of this.rules) {
      const m = compiled.regex.exec(destination);
      if (!m) continue;
      const params: DestinationParams = {};
      compiled.names.forEach((name, i) => (params[name] = m[i + 1]));
      return { rule: compiled.rule, params };
    }
    return null;
  }
}

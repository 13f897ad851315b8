/**
 * A live connection is granted until its access token expires. The client renews it before then, on the open
 * connection, with a SEND to this destination carrying the fresh token in `Authorization: Bearer …` (any STOMP client
 * can send it); the server answers a `receipt` when asked. A token of another user or session closes the connection.
 */
export const LIVE_TOKEN_DESTINATION = '/app/token';

/**
 * Why the server closes a live connection: the ERROR frame's message, one list for the server that sends it and the
 * browser that decides what follows (useLiveQueue).
 */
export const LIVE_CLOSE = {
  /** The connection's access ended: token expired unrenewed, session at its limit or revoked, another user's token. */
  UNAUTHORIZED: 'UNAUTHORIZED',
  /** The user's country was deactivated: the browser ends the session. */
  COUNTRY_DEACTIVATED: 'COUNTRY_DEACTIVATED',
  /** An administrator changed the user's role or country: the client reconnects with what the new role may see. */
  ROLE_CHANGED: 'ROLE_CHANGED',
  /** The connection sent faster than its budget (a flood): closed, the excess unread. */
  SEND_THROTTLED: 'SEND_THROTTLED',
  /** A user's oldest connection, when they open more than STOMP_MAX_CONNECTIONS_PER_USER on one instance. */
  TOO_MANY_CONNECTIONS: 'TOO_MANY_CONNECTIONS',
  /** The server stops (SIGTERM, rolling restart): clients reconnect, behind a load balancer to another instance. */
  SERVER_SHUTTING_DOWN: 'SERVER_SHUTTING_DOWN',
} as const;
export type LiveCloseReason = (typeof LIVE_CLOSE)[keyof typeof LIVE_CLOSE];

/**
 * The ERROR frame's message of each refused live frame (the connection closes), one list for every destination's
 * rules: live refusals are not HTTP answers and carry no catalogue code; a client reads them only to log them.
 */
export const LIVE_REFUSALS = {
  connectExpected: 'CONNECT frame expected',
  alreadyConnected: 'Already connected',
  noTransactions: 'Transactions are not supported',
  notFound: 'Not found',
  subscriptionInUse: (id: string) => `Subscription id ${id} is already in use`,
  cannotSubscribe: (destination: string) => `You cannot subscribe to ${destination}`,
  cannotSend: (destination: string) => `You cannot send to ${destination}`,
  headerMissing: (command: string, header: string) => `${command} frame needs a '${header}' header`,
  chatMessageShape: 'A message is JSON with romes.id, conversation, file and messageType',
  roomNotFound: 'Room not found',
  replyNotInRoom: 'The message replied to is not in this room',
  fileNotFound: 'File not found',
  offerEditNeedsOffer: "SEND to /topic/offer-edit needs an 'offerId' header",
  offerEditTooLong: 'Offer edit announcements carry no more than 2048 characters',
  offerNotEditable: 'You cannot edit this offer',
} as const;

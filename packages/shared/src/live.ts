/**
 * A live connection is granted until its access token expires. The client renews it before then, on the open
 * connection, with a SEND to this destination carrying the fresh token in `Authorization: Bearer …` (any STOMP client
 * can send it); the server answers a `receipt` when asked. A token of another user or session closes the connection.
 */
export const LIVE_TOKEN_DESTINATION = '/app/token';

/**
 * The STOMP client of the web app (@stomp/stompjs over the browser's WebSocket), for /stomp and /stomp-chat.
 * The access token goes in the CONNECT frame, refreshed first by the HTTP client when it has expired (no call when
 * it has not), so the live channels never hold their own copy of the session. A token the server no longer accepts
 * is answered with an ERROR frame, which the caller turns into one authenticated call (and so a refresh or the
 * sign-in page). The server closes a connection when the token it was opened with expires: every fresh token the
 * HTTP client stores is sent on the open connection (a SEND to LIVE_TOKEN_DESTINATION) before that happens.
 */
import { Client, type IMessage, type StompSubscription } from '@stomp/stompjs';
import { LIVE_TOKEN_DESTINATION } from '@portal/shared';
import { freshAccessToken, watchAccessToken } from './http';

type LiveEndpoint = '/stomp' | '/stomp-chat';

export interface LiveConnection {
  client: Client;
  /** Subscribes now or, while disconnected, as soon as the connection is up again. */
  subscribe(destination: string, onMessage: (message: IMessage) => void): () => void;
  publish(destination: string, body: unknown, headers?: Record<string, string>): boolean;
  close(): Promise<void>;
}

/**
 * Opens a live connection that reconnects by itself (every 3 s) and re-subscribes after a reconnection.
 * onState reports whether it is connected, and turns true once the subscriptions are confirmed; onError gets the server's ERROR message (e.g. UNAUTHORIZED).
 */
export function openLive(
  endpoint: LiveEndpoint,
  options: {
    query?: Record<string, string>;
    onState?: (connected: boolean) => void;
    onError?: (message: string) => void;
  } = {},
): LiveConnection {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  const wanted = new Map<string, { destination: string; onMessage: (m: IMessage) => void; sub?: StompSubscription }>();
  let counter = 0;
  /** The token the connection lives on (its CONNECT's or its last renewal's), and the newest one stored. */
  let grantedWith: string | null = null;
  let latest: string | null = null;
  const renew = () => {
    if (!latest || latest === grantedWith || !client.connected) return;
    client.publish({ destination: LIVE_TOKEN_DESTINATION, headers: { Authorization: `Bearer ${latest}` } });
    grantedWith = latest;
  };
  const client = new Client({
    brokerURL: `${scheme}://${window.location.host}${endpoint}${query}`,
    reconnectDelay: 3000,
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
    debug: () => {},
    beforeConnect: async (c) => {
      const token = await freshAccessToken();
      grantedWith = token;
      c.connectHeaders = token ? { Authorization: `Bearer ${token}` } : {};
    },
  });
  // Connected means subscribed: the state turns up only once the server has confirmed (RECEIPT) every
  // subscription, so whatever a caller fetches on that signal cannot miss a message published meanwhile.
  client.onConnect = () => {
    // A token stored while the CONNECT was on its way.
    renew();
    const entries = [...wanted.values()];
    let pending = entries.length;
    if (pending === 0) options.onState?.(true);
    for (const entry of entries) {
      const receipt = `sub-${++counter}`;
      client.watchForReceipt(receipt, () => {
        if (--pending === 0) options.onState?.(true);
      });
      entry.sub = client.subscribe(entry.destination, entry.onMessage, { receipt });
    }
  };
  client.onWebSocketClose = () => options.onState?.(false);
  let closed = false;
  client.onStompError = (frame) => {
    const reason = frame.headers.message ?? '';
    if (reason === 'TOO_MANY_CONNECTIONS') giveWay();
    options.onError?.(reason);
  };
  // The server closed this connection, the user's oldest, because they hold too many (tabs). In a hidden tab it waits
  // until the tab is shown again rather than reconnect at once, which would close the next oldest, and so on in turn.
  const giveWay = () => {
    if (document.visibilityState === 'visible') return;
    const stopped = client.deactivate();
    const resume = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', resume);
      if (!closed) void stopped.then(() => !closed && client.activate());
    };
    document.addEventListener('visibilitychange', resume);
  };
  const stopWatching = watchAccessToken((token) => {
    latest = token;
    renew();
  });
  client.activate();
  return {
    client,
    subscribe(destination, onMessage) {
      const key = `s${++counter}`;
      const entry: { destination: string; onMessage: (m: IMessage) => void; sub?: StompSubscription } = {
        destination,
        onMessage,
      };
      wanted.set(key, entry);
      if (client.connected) entry.sub = client.subscribe(destination, onMessage);
      return () => {
        wanted.delete(key);
        if (client.connected) entry.sub?.unsubscribe();
      };
    },
    publish(destination, body, headers = {}) {
      if (!client.connected) return false;
      client.publish({ destination, body: typeof body === 'string' ? body : JSON.stringify(body), headers });
      return true;
    },
    close: () => {
      closed = true;
      stopWatching();
      return client.deactivate();
    },
  };
}

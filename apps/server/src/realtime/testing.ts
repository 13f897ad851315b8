import { Client, type IFrame, type IMessage, type StompHeaders } from '@stomp/stompjs';
import { WebSocket } from 'ws';

/** The ws:// address of a live endpoint of a running test app (api is http://host:port/api). */
export function liveUrl(api: string, endpoint = '/stomp', query = ''): string {
  return api.replace(/^http/, 'ws').replace(/\/api$/, endpoint) + query;
}

export interface LiveClient {
  client: Client;
  /** Every MESSAGE received, on any subscription, in order. */
  messages: IMessage[];
  /** Resolves with the next message on a destination that satisfies the predicate. */
  next(destination: string, predicate?: (m: IMessage) => boolean, timeoutMs?: number): Promise<IMessage>;
  subscribe(destination: string, headers?: StompHeaders): Promise<void>;
  /** Resolves with the ERROR frame or the close, whichever comes first. */
  closed: Promise<{ error: IFrame | null; code: number }>;
  close(): Promise<void>;
}

/**
 * Connects a standard STOMP client (@stomp/stompjs, as the web app does) with an access token.
 * Rejects with the ERROR frame's message when the server refuses the CONNECT.
 */
export function connectLive(
  url: string,
  token: string | null,
  options: { heartbeatIncoming?: number; heartbeatOutgoing?: number } = {},
): Promise<LiveClient> {
  const messages: IMessage[] = [];
  const waiters: { destination: string; predicate: (m: IMessage) => boolean; resolve: (m: IMessage) => void }[] = [];
  let lastError: IFrame | null = null;
  let resolveClosed!: (v: { error: IFrame | null; code: number }) => void;
  const closed = new Promise<{ error: IFrame | null; code: number }>((r) => (resolveClosed = r));
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp']),
    connectHeaders: token ? { Authorization: `Bearer ${token}` } : {},
    reconnectDelay: 0,
    heartbeatIncoming: options.heartbeatIncoming ?? 0,
    heartbeatOutgoing: options.heartbeatOutgoing ?? 0,
    debug: () => {},
  });
  const deliver = (m: IMessage) => {
    messages.push(m);
    const dest = m.headers.destination;
    for (const w of [...waiters]) {
      if (w.destination === dest && w.predicate(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  return new Promise((resolve, reject) => {
    client.onStompError = (frame) => {
      lastError = frame;
      reject(new Error(frame.headers.message));
    };
    client.onWebSocketClose = (evt: { code: number }) => {
      resolveClosed({ error: lastError, code: evt.code });
      reject(new Error(lastError?.headers.message ?? `closed ${evt.code}`));
    };
    client.onConnect = () => {
      resolve({
        client,
        messages,
        closed,
        next(destination, predicate = () => true, timeoutMs = 5000) {
          const found = messages.find((m) => m.headers.destination === destination && predicate(m));
          if (found) {
            messages.splice(messages.indexOf(found), 1);
            return Promise.resolve(found);
          }
          return new Promise((res, rej) => {
            const timer = setTimeout(
              () => rej(new Error(`no message on ${destination} within ${timeoutMs} ms`)),
              timeoutMs,
            );
            waiters.push({
              destination,
              predicate,
              resolve: (m) => {
                clearTimeout(timer);
                messages.splice(messages.indexOf(m), 1);
                res(m);
              },
            });
          });
        },
        subscribe(destination, headers = {}) {
          return new Promise((res) => {
            const receipt = `sub-${Math.random().toString(36).slice(2)}`;
            client.watchForReceipt(receipt, () => res());
            client.subscribe(destination, deliver, { ...headers, receipt });
          });
        },
        async close() {
          await client.deactivate();
        },
      });
    };
    client.activate();
  });
}

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Where an instance is in its stop: serving; draining (readiness answers 503 SHUTTING_DOWN, everything else is served
 * as before); closing (app.close(): no new connection, requests in flight finish, live clients told to go).
 */
export type StopPhase = 'serving' | 'draining' | 'closing';

interface StopState {
  phase: StopPhase;
  /** How long an idle kept-alive connection is left to the client once closing (KEEPALIVE_GRACE_MS after a drain). */
  keepAliveGraceMs: number;
  sweeper?: NodeJS.Timeout;
}

// Keyed by the HTTP server, which every plugin context of one app shares (their Fastify instances differ).
const states = new WeakMap<Server, StopState>();

function stateOf(app: FastifyInstance): StopState {
  let state = states.get(app.server);
  if (!state) {
    state = { phase: 'serving', keepAliveGraceMs: 0 };
    states.set(app.server, state);
  }
  return state;
}

/** The phase of the stop this app is in ('serving' until one begins). */
export function stopPhase(app: FastifyInstance): StopPhase {
  return states.get(app.server)?.phase ?? 'serving';
}

/** A connection that has not sent its first request within this long counts as idle when the server stops. */
const FIRST_REQUEST_GRACE_MS = 1_000;
/**
 * After a drain, how long a kept-alive connection must have been idle before the stopping server closes it: longer
 * than the proxy's own keepalive timeout (deploy/nginx.conf: 4 s), so that the proxy, not the server, ends it.
 */
export const KEEPALIVE_GRACE_MS = 5_000;

interface Connection {
  idleSince: number;
  served: boolean;
  active: number;
}

/**
 * Keep-alive connections while the server stops. A server that closes an idle kept-alive connection can race a
 * request the proxy is writing on it at that instant: the request is reset after it was sent, and nginx answers a
 * POST so caught 502 (it retries only what was not sent). So the server ends a kept-alive connection only after an
 * answer, never while it is idle: once app.close() begins, every answer says `Connection: close`; connections left
 * idle are closed by the proxy itself (its keepalive timeout), and by the server only when idle longer than
 * KEEPALIVE_GRACE_MS (after a drain; at once otherwise: tests, SIGINT); a connection just accepted whose first request
 * has not arrived is left FIRST_REQUEST_GRACE_MS. The sweep runs every 100 ms until the server has closed: the HTTP
 * server itself closes idle connections only once, when close() begins. Requests arriving on open connections while
 * closing are served (Fastify's return503OnClosing is off, app.ts: nginx does not retry a POST refused 503).
 * During the drain connections are kept alive as usual: a proxy then opens few new connections to the instance, and
 * a connection in the listen queue when the port closes is the one reset the server cannot prevent.
 */
export function closeConnectionsWhenStopping(app: FastifyInstance): void {
  const state = stateOf(app);
  const connections = new Map<Socket, Connection>();
  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { idleSince: Date.now(), served: false, active: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const connection = connections.get(req.socket as Socket);
    if (!connection) return;
    connection.active++;
    res.once('close', () => {
      connection.active--;
      connection.served = true;
      connection.idleSince = Date.now();
    });
  });
  // A WebSocket is no longer an HTTP connection: the live endpoints close it themselves (realtime/endpoint.ts).
  app.server.on('upgrade', (_req: IncomingMessage, socket: Socket) => connections.delete(socket));
  // Node's server.close() and Fastify's close call this one too.
  app.server.closeIdleConnections = () => {
    const now = Date.now();
    for (const [socket, c] of connections) {
      const grace = c.served ? state.keepAliveGraceMs : Math.max(state.keepAliveGraceMs, FIRST_REQUEST_GRACE_MS);
      if (c.active === 0 && now - c.idleSince > grace) socket.destroy();
    }
  };
  app.addHook('preClose', async () => {
    state.phase = 'closing';
    state.sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
    state.sweeper.unref();
  });
  app.addHook('onSend', async (_req, reply) => {
    if (state.phase === 'closing') reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => clearInterval(state.sweeper));
}

/**
 * Stops the instance without losing a request: first a drain of `drainMs` (readiness 503 SHUTTING_DOWN, so a balancer
 * that reads it sends no new work; every other route served as before, so requests racing the stop are answered),
 * then app.close() (stop accepting, requests in flight finish, live clients get ERROR SERVER_SHUTTING_DOWN and
 * reconnect elsewhere, then the database). `cutShort` ends the drain at once (a second signal).
 */
export async function stopGracefully(
  app: FastifyInstance,
  { drainMs, cutShort }: { drainMs: number; cutShort?: AbortSignal },
): Promise<void> {
  const state = stateOf(app);
  if (state.phase === 'serving') state.phase = 'draining';
  if (drainMs > 0) state.keepAliveGraceMs = KEEPALIVE_GRACE_MS;
  const started = Date.now();
  if (drainMs > 0 && !cutShort?.aborted) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, drainMs);
      cutShort?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
    app.log.info({ drainedMs: Date.now() - started }, 'drain over: closing');
  }
  await app.close();
}

import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Where an instance is in its stop: serving; draining (readiness answers 503 SHUTTING_DOWN, everything else is served
 * as before); closing (app.close(): no new connection, requests in flight finish, live clients told to go).
 */
export type StopPhase = 'serving' | 'draining' | 'closing';

interface StopState {
  phase: StopPhase;
  sweeper?: NodeJS.Timeout;
}

// Keyed by the HTTP server, which every plugin context of one app shares (their Fastify instances differ).
const states = new WeakMap<Server, StopState>();

function stateOf(app: FastifyInstance): StopState {
  let state = states.get(app.server);
  if (!state) {
    state = { phase: 'serving' };
    states.set(app.server, state);
  }
  return state;
}

/** The phase of the stop this app is in ('serving' until one begins). */
export function stopPhase(app: FastifyInstance): StopPhase {
  return states.get(app.server)?.phase ?? 'serving';
}

/**
 * Keep-alive connections while the server stops. From the drain on, every response says `Connection: close`: a proxy
 * spends its kept-alive connections to this instance one request each and opens the next elsewhere or anew, so none
 * is left for the moment the instance stops listening. Idle connections are not closed during the drain: the proxy
 * closing them itself (its keepalive timeout, shorter than the drain) is the only close that cannot race a request it
 * is writing. Once app.close() begins, connections that have turned idle are closed every 100 ms until the server has
 * closed: the HTTP server closes idle connections only once, when close() begins, and a connection busy then would
 * stay open until its idle timeout (Fastify: 72 s), past the stop's hard limit.
 */
export function closeConnectionsWhenStopping(app: FastifyInstance): void {
  const state = stateOf(app);
  app.addHook('preClose', async () => {
    state.phase = 'closing';
    state.sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
    state.sweeper.unref();
  });
  app.addHook('onSend', async (_req, reply) => {
    if (state.phase !== 'serving') reply.header('connection', 'close');
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

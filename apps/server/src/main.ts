import { buildApp } from './app.js';
import { listenUrl, loadConfig } from './config.js';
import { stopGracefully } from './lib/graceful-stop.js';
import { startupProblem } from './lib/startup-problem.js';

/** A shutdown that takes longer than the drain and this (a request that never ends) exits anyway. */
const SHUTDOWN_LIMIT_MS = 10_000;

/** A problem while starting (a setting, a service out of reach) is one sentence and exit code 1, never a stack. */
function cannotStart(error: unknown): never {
  process.stderr.write(`${startupProblem(error)}\n`);
  process.exit(1);
}

async function start() {
  const config = loadConfig();
  const { app } = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  return { config, app };
}

// A client library may fail outside the awaited calls (a Redis command given up on): that is still a start-up problem.
process.on('unhandledRejection', cannotStart);
const { config, app } = await start().catch(cannotStart);
process.off('unhandledRejection', cannotStart);
// Without PUBLIC_URL, mailed links use the port actually bound (PORT=0 picks a free one).
const address = app.server.address();
if (!config.publicUrlSet && typeof address === 'object' && address)
  config.publicUrl = listenUrl(config.host, address.port);

// SIGTERM (systemd, a container runtime, the rolling restart) drains first: /api/ready answers 503 and every other
// request is served for SHUTDOWN_DRAIN_SECONDS, then the server stops accepting, lets requests in flight finish,
// closes live connections (clients reconnect elsewhere), then the database. SIGINT is someone at a terminal (Ctrl-C,
// `npm run dev`): no balancer routes by it, so it stops at once. A second signal during the drain ends it.
let stopping: AbortController | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      stopping.abort();
      return;
    }
    stopping = new AbortController();
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainSeconds * 1000 : 0;
    app.log.info({ signal, drainMs }, 'shutting down');
    const limitMs = drainMs + SHUTDOWN_LIMIT_MS;
    setTimeout(() => {
      app.log.error({ limitMs }, 'shutdown took too long: exiting');
      process.exit(1);
    }, limitMs).unref();
    stopGracefully(app, { drainMs, cutShort: stopping.signal }).then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

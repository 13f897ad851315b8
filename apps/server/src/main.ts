import { buildApp } from './app.js';
import { listenUrl, loadConfig } from './config.js';
import { startupProblem } from './lib/startup-problem.js';

/** A shutdown that takes longer than this (a request that never ends) exits anyway. */
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

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Stops accepting, lets requests in flight finish, closes live connections (clients reconnect), then the database.
    setTimeout(() => {
      app.log.error({ limitMs: SHUTDOWN_LIMIT_MS }, 'shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

import { buildApp } from './app.js';
import { listenUrl, loadConfig } from './config.js';

/** A shutdown that takes longer than this (a request that never ends) exits anyway. */
const SHUTDOWN_LIMIT_MS = 10_000;

const config = loadConfig();
const { app } = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
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

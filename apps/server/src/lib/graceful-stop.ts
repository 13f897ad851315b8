import type { FastifyInstance } from 'fastify';

/**
 * Keep-alive connections while the server stops (SIGTERM, app.close()): the HTTP server closes a connection only when
 * it is idle, and Node does so once, when close() begins. A proxy's kept-alive connection busy at that moment would
 * stay open until its idle timeout (Fastify: 72 s), past the 10 s the stop may take. So once stopping, every
 * response says `Connection: close` (the proxy opens its next request elsewhere), and connections that have turned
 * idle are closed every 100 ms until the server has closed.
 */
export function closeConnectionsWhenStopping(app: FastifyInstance): void {
  let stopping = false;
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    stopping = true;
    sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
    sweeper.unref();
  });
  app.addHook('onSend', async (_req, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => clearInterval(sweeper));
}

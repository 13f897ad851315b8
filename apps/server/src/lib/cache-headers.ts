import type { FastifyInstance } from 'fastify';

/**
 * An answer to a signed-in call is nobody else's: unless its route said how it may be kept (an offer's ETag with
 * `private, no-cache`, a document, a public image), it carries `Cache-Control: no-store`, so neither a shared computer's
 * browser cache nor a proxy keeps it after sign-out. Calls without a bearer token keep their defaults.
 */
export function noStoreForSessions(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    const signedIn = req.headers.authorization?.startsWith('Bearer ') ?? false;
    if (signedIn && req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}

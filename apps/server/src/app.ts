import fs from 'node:fs';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openConfiguredDatabase, type Database } from './db/client.js';
import { seedDemo } from './db/seed.js';
import { EventBus } from './events.js';
import { errorHandler, notFoundHandler } from './http-errors.js';
import { API_PREFIX, authorizePlugin, staffOnly } from './auth/authorize.js';
import { TokenSigner, resolveJwtSecret } from './auth/tokens.js';
import { SessionCache } from './auth/session-cache.js';
import { OfferCache, OfferCacheSync } from './modules/offers/cache.js';
import { KeptNotificationPages } from './modules/notifications/kept-pages.js';
import { createMailer } from './providers/mail/index.js';
import { createFileStore } from './providers/files/index.js';
import { createRealtime, liveEndpoints } from './realtime/index.js';
import { registerAreas } from './modules/index.js';
import { syncReferenceData } from './modules/reference/service.js';
import { healthRoutes } from './lib/health.js';
import { swaggerOptions } from './openapi/document.js';
import { trackAllowedMethods } from './lib/allowed-methods.js';
import { compressAnswers, serveWebApp } from './lib/web-app.js';
import { serveFirstScreen } from './lib/first-screen.js';
import { securityHeaders } from './lib/security-headers.js';
import { noStoreForSessions } from './lib/cache-headers.js';
import { scheduleFileCleanup } from './modules/files/cleanup.js';
import { hostileInputGuard } from './lib/hostile-input.js';
import { registerRateLimit } from './lib/rate-limit.js';
import { closeConnectionsWhenStopping } from './lib/graceful-stop.js';
import { loadGeolocation } from './modules/logs/geo.js';
import { logDestination, logResponses } from './lib/request-log.js';
import { REDACTED_LOG_PATHS, errorSerializer, requestSerializer } from './lib/log-redaction.js';

interface BuildOptions {
  /** An already opened database (tests); otherwise the one the configuration names. */
  database?: Database;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** Told of every answer as it leaves (the API tests check them against the OpenAPI document). */
  recordAnswer?: (answer: RecordedAnswer) => void;
}

/** An answer as the contract check sees it: the route that answered (as registered), its status and its body. */
export interface RecordedAnswer {
  method: string;
  /** The route's path as registered (`/api/offers/:id`); empty when no route answered (404, 405). */
  route: string;
  status: number;
  /** Whether the answer is JSON; `body` is then parsed, otherwise undefined. */
  json: boolean;
  body: unknown;
}

/** Calls `record` with each answer before it is compressed; a body not sent as a string (a file) is not read. */
function recordAnswers(app: FastifyInstance, record: (answer: RecordedAnswer) => void) {
  app.addHook('onSend', async (req, reply, payload) => {
    const json = /^application\/json\b/.test(String(reply.getHeader('content-type') ?? ''));
    let body: unknown;
    if (json && typeof payload === 'string') {
      try {
        body = JSON.parse(payload);
      } catch {
        body = payload;
      }
    }
    // Routes kept out of the document (health checks, the documentation itself) are out of its contract.
    if ((req.routeOptions.schema as { hide?: boolean } | undefined)?.hide) return payload;
    record({ method: req.method, route: req.routeOptions.url ?? '', status: reply.statusCode, json, body });
    return payload;
  });
}

export interface PortalApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** Builds the whole portal (API, docs, web app) from a configuration; main.ts only listens. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<PortalApp> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: REDACTED_LOG_PATHS,
      serializers: { req: requestSerializer, err: errorSerializer },
      ...(options.logStream || config.logLevel !== 'silent' ? { stream: options.logStream ?? logDestination() } : {}),
    },
    // One line per answered request (logResponses) instead of Fastify's two: they cost 22–31 % on cheap routes.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // A hop count trusts that many proxies nearest to the server (Fastify's types take only a function for it).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // A request that reaches a stopping instance on a connection it had accepted is served (with Connection: close),
    // not refused 503: a proxy does not retry a POST refused so (lib/graceful-stop.ts).
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  if (options.recordAnswer) recordAnswers(app, options.recordAnswer);
  logResponses(app);
  closeConnectionsWhenStopping(app);
  app.setNotFoundHandler(notFoundHandler(config.webDist, trackAllowedMethods(app, API_PREFIX)));

  loadGeolocation(config.geoipDb);
  const files = createFileStore({ filesDir: config.filesDir, s3: config.s3 });
  await files.check?.();
  const database = options.database ?? (await openConfiguredDatabase(config));
  await database.exclusive(async () => {
    await syncReferenceData(database.db);
    if (config.seedDemo) {
      const added = await seedDemo(database.db);
      if (added > 0) app.log.info({ added }, 'demo accounts seeded');
    }
  });

  // No Redis: this instance is the only one (several need it), so every change is made here and reads can be kept.
  const alone = !config.redisUrl;
  const ctx: AppContext = {
    config,
    db: database.db,
    events: new EventBus(),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: config.outboxDir,
      from: config.mailFrom,
      fromName: config.mailFromName,
      log: app.log,
    }),
    tokens: new TokenSigner(
      resolveJwtSecret(config.jwtSecret, config.dataDir, config.embedded),
      config.accessTokenTtlSeconds,
    ),
    sessionCache: new SessionCache(config.sessionCacheSeconds),
    offerCache: new OfferCache(config.offerCacheSeconds, alone),
    notificationPages: new KeptNotificationPages(alone),
    alone,
    log: app.log,
    realtime: await createRealtime(config, app.log, () => ctx),
    files,
  };
  ctx.events.onError((err) => app.log.error({ err }, 'event listener failed'));
  app.addHook('onClose', async () => {
    await ctx.events.settled();
    ctx.files.close?.();
    if (!options.database) await database.close();
  });

  securityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: lets the secretariat give its logo as an https address; images only, never scripts.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // Chat video previews play the attachment's bytes, fetched with the bearer token, from a blob: URL the page
        // makes itself; nothing from elsewhere.
        mediaSrc: ["'self'", 'blob:'],
        // 'self' covers the chat's same-origin WebSocket (ws/wss of the page's own host) in current browsers.
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Over plain HTTP (a portal opened by IP or host name) upgrading would break every request.
        upgradeInsecureRequests: config.https ? [] : null,
      },
    },
    hsts: config.https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
  noStoreForSessions(app);
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  // The web app's files are sent as built (their .br/.gz copies): registered before the compression of answers,
  // which adds itself to each route registered after it.
  if (fs.existsSync(config.webDist)) await serveWebApp(app, config.webDist);
  await compressAnswers(app);
  // GET / and /login: the first screen rendered (after the compression of answers, which compresses it; before the
  // API, whose changes drop the pages it keeps).
  if (fs.existsSync(config.webDist)) await serveFirstScreen(app, config.webDist, app.log);
  await registerRateLimit(app, config.redisUrl);
  // The document's completion (operation ids, security, refusals, components) is in openapi/document.ts.
  await app.register(swagger, swaggerOptions(API_PREFIX));
  // The API documentation maps every route: staff only by default, or nobody (API_DOCS=off, a 404) in production.
  if (config.apiDocs !== 'off') {
    await app.register(swaggerUi, {
      routePrefix: `${API_PREFIX}/docs`,
      ...(config.apiDocs === 'staff' ? { uiHooks: { onRequest: staffOnly(ctx) } } : {}),
    });
  }
  // Before authorization: a hostile parameter or query is refused without a database lookup.
  hostileInputGuard(app);
  await app.register(authorizePlugin, { ctx });

  // A change of an offer drops what is kept of it on every instance before its answer leaves (offers/cache.ts).
  const offerCacheSync = new OfferCacheSync(ctx);
  await offerCacheSync.start();
  app.addHook('onSend', (_req, _reply, _payload, done) => {
    if (!offerCacheSync.pending) return done();
    offerCacheSync.settled().then(() => done(), done);
  });
  await app.register((api) => registerAreas(api, ctx), { prefix: API_PREFIX });
  await app.register(healthRoutes, { ctx, prefix: API_PREFIX });
  await app.register(liveEndpoints, { ctx });
  const stopFileCleanup = scheduleFileCleanup(ctx);
  app.addHook('onClose', async () => stopFileCleanup());
  return { app, ctx };
}

import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import { seedDemo } from './db/seed.js';
import { EventBus } from './events.js';
import { errorHandler, notFoundHandler } from './http-errors.js';
import { API_PREFIX, authorizePlugin } from './auth/authorize.js';
import { TokenSigner, resolveJwtSecret } from './auth/tokens.js';
import { createMailer } from './providers/mail/index.js';
import { createFileStore } from './providers/files/index.js';
import { createRealtime, liveEndpoints } from './realtime/index.js';
import { registerAreas } from './modules/index.js';
import { syncReferenceData } from './modules/reference/service.js';

export interface BuildOptions {
  /** An already opened database (tests); otherwise the one the configuration names. */
  database?: Database;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
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
      redact: [
        'req.headers.authorization',
        'req.body.password',
        'req.body.code',
        'req.body.refresh_token',
        'req.body.mfa_token',
      ],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler(config.webDist));

  const files = createFileStore({ filesDir: config.filesDir, s3: config.s3 });
  await files.check?.();
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') },
    ));
  await syncReferenceData(database.db);
  if (config.seedDemo) {
    const added = await seedDemo(database.db);
    if (added > 0) app.log.info({ added }, 'demo accounts seeded');
  }

  const ctx: AppContext = {
    config,
    db: database.db,
    events: new EventBus(),
    mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, from: config.mailFrom, log: app.log }),
    tokens: new TokenSigner(
      resolveJwtSecret(config.jwtSecret, config.dataDir, config.embedded),
      config.accessTokenTtlSeconds,
    ),
    log: app.log,
    realtime: await createRealtime(config, app.log, () => ctx),
    files,
  };
  ctx.events.onError((err) => app.log.error({ err }, 'event listener failed'));
  app.addHook('onClose', async () => {
    ctx.files.close?.();
    if (!options.database) await database.close();
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'Services negotiation portal API', version: '1.0.0' }, servers: [{ url: '/api' }] },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
  await app.register(authorizePlugin, { ctx });

  await app.register((api) => registerAreas(api, ctx), { prefix: API_PREFIX });
  await app.register(liveEndpoints, { ctx });

  if (fs.existsSync(config.webDist)) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false, maxAge: '1h' });
  }
  return { app, ctx };
}

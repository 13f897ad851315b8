import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { apiAccess, hasAccess, isStaff } from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../context.js';
import { preparedPer } from '../db/prepared.js';
import { countries, sessions, users } from '../db/schema/index.js';
import { forbidden, unauthorized } from '../errors.js';
import { requestMeta } from '../lib/request-meta.js';
import { SessionInvalidation } from './session-cache.js';

export const API_PREFIX = '/api';

function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}

/**
 * The hook of routes outside the permission table that only the secretariat may read (the API documentation when
 * API_DOCS=staff): 401 without a valid bearer token, 403 for anyone else.
 */
export function staffOnly(ctx: AppContext) {
  const check = async (req: FastifyRequest) => {
    const token = bearer(req);
    const actor = token ? await loadActor(ctx, token) : null;
    if (!actor) throw unauthorized();
    if (!isStaff(actor.role)) throw forbidden();
  };
  // In the callback style the documentation plugin's hook option is typed with.
  return (req: FastifyRequest, _reply: unknown, done: (err?: Error) => void) => {
    check(req).then(() => done(), done);
  };
}

/** The account, its open session and its country's state, in one statement prepared once (read on each cache miss). */
const sessionStatement = preparedPer((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      countryId: users.countryId,
      regionId: users.regionId,
      language: users.language,
      status: users.status,
      countryActive: countries.active,
    })
    .from(users)
    .innerJoin(
      sessions,
      and(eq(sessions.userId, users.id), eq(sessions.id, sql.placeholder('sessionId')), isNull(sessions.revokedAt)),
    )
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('session_actor'),
);

/**
 * The signed-in user behind a bearer token, or null when the token or its session is no longer valid. The token is
 * checked on every call; the session, the account and its country are read from the database, or from the short
 * memory of sessions found valid (which whatever ends or changes access empties at once).
 */
export async function loadActor(ctx: AppContext, token: string): Promise<Actor | null> {
  const claims = await ctx.tokens.verify(token);
  if (!claims) return null;
  const remembered = ctx.sessionCache.recall(claims.sessionId);
  if (remembered && remembered.id === claims.userId) return remembered;
  const epoch = ctx.sessionCache.epoch;
  const [row] = await sessionStatement(ctx.db).execute({ userId: claims.userId, sessionId: claims.sessionId });
  // A deactivated user, or a user of a deactivated country, is signed out on their next call.
  if (!row || row.status !== 'ACTIVE' || row.countryActive === false) return null;
  const { status: _status, countryActive: _countryActive, ...fields } = row;
  const actor: Actor = { ...fields, role: row.role, sessionId: claims.sessionId };
  ctx.sessionCache.remember(actor, epoch);
  return actor;
}

/**
 * Every /api route must be in the permission table of packages/shared (the server will not start
 * otherwise); each request is checked against it before its handler runs.
 */
export const authorizePlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  app.decorateRequest('actor', null);
  if (ctx.sessionCache.enabled) {
    const invalidation = new SessionInvalidation(ctx);
    await invalidation.start();
    // The answer to a sign-out (or a deactivation…) leaves once every instance has been told to forget the session.
    app.addHook('onSend', (_req, _reply, _payload, done) => {
      if (!invalidation.pending) return done();
      invalidation.settled().then(() => done(), done);
    });
  }

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX) || route.method === 'HEAD') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const path = route.url.slice(API_PREFIX.length);
      if (!apiAccess(method, path) && !path.startsWith('/docs')) {
        throw new Error(
          `Route ${method} ${route.url} is not in the permission table (packages/shared/src/permissions.ts)`,
        );
      }
    }
  });

  app.addHook('onRequest', async (req) => {
    const url = req.routeOptions.url;
    if (!url?.startsWith(API_PREFIX) || url.startsWith(`${API_PREFIX}/docs`)) return;
    // Fastify answers HEAD for every GET with the GET handler: it is held to the GET rule. A route the
    // table does not name (an OPTIONS or HEAD route of its own) is refused rather than let through.
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const access = apiAccess(method, url.slice(API_PREFIX.length));
    if (!access) throw forbidden();
    const token = bearer(req);
    if (token) req.actor = await loadActor(ctx, token);
    if (access === 'PUBLIC') return;
    if (!req.actor) throw unauthorized();
    if (!hasAccess(access, req.actor.role)) throw forbidden();
  });
});

/** The actor of a request on a route that requires sign-in (the hook has already refused anonymous calls). */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}

/** Who makes a signed-in request that changes something: the actor, and the meta the audit trail records. */
export function callerOf(req: FastifyRequest): { actor: Actor; meta: RequestMeta } {
  return { actor: actorOf(req), meta: requestMeta(req) };
}

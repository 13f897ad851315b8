import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { loadActor } from '../auth/authorize.js';
import { sessionEndsAt } from '../auth/session-limits.js';
import { countries, sessions, users } from '../db/schema/index.js';
import { nameColumns } from '../db/columns.js';
import type { LiveGrant } from './destinations.js';
import { UNAUTHORIZED } from './hub.js';
import { registerOfferEditChannel } from './offer-edit.js';

/** The live endpoints of DESIGN.md section 6: /stomp (offer edits, notifications) and /stomp-chat (rooms). */
const LIVE_ENDPOINTS = ['/stomp', '/stomp-chat'] as const;

/**
 * The user behind an access token on CONNECT and on its renewal (a SEND to LIVE_TOKEN_DESTINATION): the API's own
 * check (session alive, account active), plus the country code; and when the connection must close unless renewed
 * first: the token's expiry, or the session's end by the refresh's own idle and absolute limits, whichever comes first.
 */
export async function authenticateLive(ctx: AppContext, token: string): Promise<LiveGrant | null> {
  const claims = await ctx.tokens.verify(token);
  const actor = claims && (await loadActor(ctx, token));
  if (!claims || !actor) return null;
  const [row] = await ctx.db
    .select({
      ...nameColumns(users),
      code: countries.code,
      active: countries.active,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.lastActiveAt,
    })
    .from(users)
    .innerJoin(sessions, eq(sessions.id, actor.sessionId))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.id, actor.id))
    .limit(1);
  if (!row) return null;
  // A deactivated country's users are signed out; they cannot open live channels either.
  if (row.active === false) return null;
  const sessionEnd = sessionEndsAt(ctx.config, row).at;
  if (sessionEnd <= Date.now()) return null;
  return {
    user: { ...actor, countryCode: row.code ?? null, firstName: row.firstName, lastName: row.lastName },
    expiresAt: Math.min(claims.expiresAt, sessionEnd),
  };
}

/**
 * Registers the WebSocket upgrade on both endpoints. Frames are limited twice: the WebSocket message size
 * (ws maxPayload, the connection is dropped) and, below it, the STOMP frame size (an ERROR frame says why).
 */
export async function liveEndpoints(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Stopping (app.close() on SIGTERM): before the WebSocket plugin closes the sockets, tell every client why, so the
  // client reconnects (to another instance) rather than report an error. Registered first, so it runs first.
  app.addHook('preClose', async () => ctx.realtime.shutdown());
  await app.register(websocket, { options: { maxPayload: Math.max(ctx.config.stompMaxFrameBytes * 4, 1024 * 1024) } });
  registerOfferEditChannel(ctx);
  // A signed-out or revoked session loses its live connections too, on every instance.
  ctx.events.on('session.revoked', ({ sessionId }) =>
    ctx.realtime.disconnect({ sessionIds: [sessionId], reason: UNAUTHORIZED }),
  );
  ctx.events.on('user.accessEnded', ({ userId }) =>
    ctx.realtime.disconnect({ userIds: [userId], reason: UNAUTHORIZED }),
  );
  await ctx.realtime.start();
  for (const path of LIVE_ENDPOINTS) {
    // compress: false, a WebSocket is no HTTP answer to compress.
    app.get(path, { websocket: true, compress: false, schema: { hide: true } }, (socket, req) => {
      const query = (req.query ?? {}) as Record<string, string | undefined>;
      ctx.realtime.accept(socket, path, query);
    });
  }
  app.addHook('onClose', async () => {
    // Listeners still at work (a notification's live message) publish before the broker closes.
    await ctx.events.settled();
    await ctx.realtime.close();
    await ctx.realtime.broker.close();
  });
}

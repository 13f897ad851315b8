import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { loadActor } from '../auth/authorize.js';
import { countries, users } from '../db/schema/index.js';
import type { LiveUser } from './destinations.js';
import { registerOfferEditChannel } from './offer-edit.js';

/** The live endpoints of DESIGN.md section 6: /stomp (offer edits, notifications) and /stomp-chat (rooms). */
const LIVE_ENDPOINTS = ['/stomp', '/stomp-chat'] as const;

/** The user behind an access token on CONNECT: the API's own check (session alive, account active), plus the country code. */
export async function authenticateLive(ctx: AppContext, token: string): Promise<LiveUser | null> {
  const actor = await loadActor(ctx, token);
  if (!actor) return null;
  const [row] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName, code: countries.code, active: countries.active })
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.id, actor.id))
    .limit(1);
  if (!row) return null;
  // A deactivated country's users are signed out; they cannot open live channels either.
  if (row.active === false) return null;
  return { ...actor, countryCode: row.code ?? null, firstName: row.firstName, lastName: row.lastName };
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
    ctx.realtime.disconnect({ sessionIds: [sessionId], reason: 'UNAUTHORIZED' }),
  );
  ctx.events.on('user.accessEnded', ({ userId }) =>
    ctx.realtime.disconnect({ userIds: [userId], reason: 'UNAUTHORIZED' }),
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

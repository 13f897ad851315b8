import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import { createBroker } from './broker.js';
import { authenticateLive } from './endpoint.js';
import { Realtime } from './hub.js';

export { liveEndpoints } from './endpoint.js';
export { Realtime } from './hub.js';
export { LiveRefusal, type DestinationRule, type LiveSession, type LiveUser } from './destinations.js';

/**
 * The live-channel server with the broker the configuration names (Redis when REDIS_URL is set). `ctx` is
 * read lazily: the context being built holds the result.
 */
export async function createRealtime(config: Config, log: FastifyBaseLogger, ctx: () => AppContext): Promise<Realtime> {
  const broker = await createBroker(config.redisUrl, { presenceTtlMs: config.stompPresenceTtlSeconds * 1000 });
  const realtime = new Realtime({
    broker,
    log,
    authenticate: (token) => authenticateLive(ctx(), token),
    maxFrameBytes: config.stompMaxFrameBytes,
    heartbeatMs: config.stompHeartbeatMs,
    sendBudget: { burst: config.stompSendBurst, perSecond: config.stompSendPerSecond },
    userSendBudget: { burst: config.stompUserSendBurst, perSecond: config.stompUserSendPerSecond },
    maxConnectionsPerUser: config.stompMaxConnectionsPerUser,
  });
  return realtime;
}

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';

/** Prefix of the counters in Redis, next to the live channels' `portal:` keys. */
export const RATE_LIMIT_NAMESPACE = 'portal:rate-limit:';

/**
 * Registers @fastify/rate-limit (limits are set per route). With REDIS_URL the counters live in Redis, so a limit
 * counts the requests of a client to every instance behind the load balancer; without it, in this process.
 * While Redis is unreachable requests are let through (skipOnError) and a warning is logged: the sign-in lockout after
 * LOGIN_MAX_FAILURES (kept in the database) still holds, and a Redis outage must not lock everyone out.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  if (!redisUrl) {
    await app.register(rateLimit, { global: false });
    return;
  }
  const redis = new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
  watchOutages(redis, app.log);
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  await app.register(rateLimit, { global: false, redis, nameSpace: RATE_LIMIT_NAMESPACE, skipOnError: true });
}

/** One warning when the connection is lost and one when it is back, not one per reconnection attempt. */
function watchOutages(redis: Redis, log: FastifyBaseLogger) {
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: err.message }, 'rate limits: Redis unreachable, requests are not counted until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('rate limits: Redis reachable again');
  });
}

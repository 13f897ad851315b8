import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { stopPhase } from './graceful-stop.js';

/** How long one dependency may take to answer before the instance counts as not ready. */
const CHECK_TIMEOUT_MS = 3_000;

type CheckResult = 'ok' | 'failed' | 'not configured';

function withTimeout(work: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The local file folder can be written to (a probe file written and removed). */
async function checkLocalFiles(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const probe = path.join(dir, `.ready-${crypto.randomBytes(6).toString('hex')}`);
  await fs.writeFile(probe, '');
  await fs.rm(probe, { force: true });
}

/**
 * GET /api/health: the process is alive (no dependency is asked). GET /api/ready: the database, Redis when
 * configured and the file store answer; 503 naming the parts that failed otherwise, and 503 SHUTTING_DOWN from the
 * moment the instance begins to stop (lib/graceful-stop.ts), so a balancer sends it no new work while it drains.
 * Both public, for load balancers and orchestrators.
 */
export async function healthRoutes(api: FastifyInstance, { ctx }: { ctx: AppContext }) {
  api.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  api.get('/ready', { schema: { hide: true } }, async (req, reply) => {
    if (stopPhase(api) !== 'serving') {
      return reply.code(503).send({
        status: 'shutting down',
        code: 'SHUTTING_DOWN',
        message: 'Shutting down: this instance finishes its work and takes no new one',
        checks: {},
      });
    }
    const broker = ctx.realtime.broker as { kind: string; ready?: () => Promise<void> };
    const probes: Record<string, (() => Promise<unknown>) | null> = {
      database: () => ctx.db.execute(sql`select 1`),
      redis: broker.kind === 'redis' && broker.ready ? () => broker.ready!() : null,
      files: ctx.files.check ? () => ctx.files.check!() : () => checkLocalFiles(ctx.config.filesDir),
    };
    const checks: Record<string, CheckResult> = {};
    await Promise.all(
      Object.entries(probes).map(async ([name, probe]) => {
        if (!probe) {
          checks[name] = 'not configured';
          return;
        }
        try {
          await withTimeout(probe());
          checks[name] = 'ok';
        } catch (err) {
          req.log.warn({ err, part: name }, 'readiness check failed');
          checks[name] = 'failed';
        }
      }),
    );
    const failed = Object.keys(checks).filter((name) => checks[name] === 'failed');
    if (failed.length === 0) return { status: 'ready', checks };
    return reply.code(503).send({
      status: 'not ready',
      code: 'NOT_READY',
      message: `Not ready: ${failed.join(', ')} did not answer`,
      checks,
    });
  });
}

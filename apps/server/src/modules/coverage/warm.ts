import type { FastifyInstance } from 'fastify';
import { gt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { offers } from '../../db/schema/index.js';
import { versionCells } from './cells.js';

/**
 * Coverage reads each submitted version once (cells.ts). So that no user waits for that reading, a version is read
 * when it is submitted, and the current versions once the portal is ready (in the background: startup does not wait).
 * Another instance reads a version it did not see submitted on its first coverage request (one version: milliseconds).
 */
export function warmCoverage(app: FastifyInstance, ctx: AppContext): void {
  ctx.events.on('offer.submitted', async (e) => {
    await versionCells(ctx, new Map([[e.offerId, e.versionNumber]]));
  });
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });
  app.addHook('onReady', async () => {
    setImmediate(() => {
      if (closing) return;
      ctx.db
        .select({ id: offers.id, versions: offers.versions })
        .from(offers)
        .where(gt(offers.versions, 0))
        .then((rows) => (closing ? undefined : versionCells(ctx, new Map(rows.map((r) => [r.id, r.versions])))))
        .catch((err: unknown) => {
          if (!closing) ctx.log.warn({ err }, 'coverage warm-up failed');
        });
    });
  });
}

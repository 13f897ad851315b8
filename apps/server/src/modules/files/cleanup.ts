import { asc, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { storedFiles } from '../../db/schema/index.js';
import { writeAudit } from '../logs/service.js';
import { anyRuleSaysInUse } from './access.js';

/** Files looked at per run, so one run stays short. */
const BATCH = 500;

/**
 * Removes files uploaded more than UNATTACHED_FILE_HOURS ago that nothing uses (no message, counter offer or CMS
 * entry holds them): uploads never sent do not stay on the server. Answers how many were removed. Safe to run on
 * several instances at once (a file removed twice is removed once).
 */
export async function removeUnattachedFiles(ctx: AppContext): Promise<number> {
  const before = new Date(Date.now() - ctx.config.uploads.unattachedHours * 3_600_000);
  const old = await ctx.db
    .select({ key: storedFiles.key, fileName: storedFiles.fileName, size: storedFiles.size })
    .from(storedFiles)
    .where(lt(storedFiles.createdAt, before))
    .orderBy(asc(storedFiles.createdAt))
    .limit(BATCH);
  let removed = 0;
  for (const file of old) {
    if (await anyRuleSaysInUse(ctx, file.key)) continue;
    const gone = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .delete(storedFiles)
        .where(eq(storedFiles.key, file.key))
        .returning({ key: storedFiles.key });
      if (rows.length > 0)
        await writeAudit(tx, {
          action: 'FILE_EXPIRED',
          logUser: 'system',
          value: { fileKey: file.key, fileName: file.fileName, size: file.size },
          meta: { ip: '', clientName: null },
        });
      return rows.length > 0;
    });
    if (!gone) continue;
    removed++;
    await ctx.files.delete(file.key).catch((err: unknown) => ctx.log.error({ err }, 'file store delete failed'));
  }
  if (removed > 0) ctx.log.info({ removed }, 'unattached files removed');
  return removed;
}

/** Runs the clean-up every hour (first a minute after start) until the app closes. */
export function scheduleFileCleanup(ctx: AppContext): () => void {
  const run = () => void removeUnattachedFiles(ctx).catch((err: unknown) => ctx.log.error({ err }, 'file clean-up'));
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, 3_600_000);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

import { and, eq, gt, sql } from 'drizzle-orm';
import { ERROR_CATALOGUE } from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import { storedFiles } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

/**
 * Per-user upload quotas (ASVS 12.1.3), counted in the database so every instance agrees: at most
 * UPLOAD_PER_MINUTE files in a minute, and UPLOAD_DAILY_MB of files in 24 hours. Answered 429 with Retry-After.
 */
export async function checkUploadQuota(ctx: AppContext, actor: Actor, size: number): Promise<void> {
  const { perMinute, dailyMb } = ctx.config.uploads;
  const [used] = await ctx.db
    .select({
      lastMinute: sql<number>`count(*) filter (where ${storedFiles.createdAt} > now() - interval '1 minute')`.mapWith(
        Number,
      ),
      lastDayBytes: sql<number>`coalesce(sum(${storedFiles.size}), 0)`.mapWith(Number),
    })
    .from(storedFiles)
    .where(and(eq(storedFiles.ownerId, actor.id), gt(storedFiles.createdAt, sql`now() - interval '1 day'`)));
  if ((used?.lastMinute ?? 0) >= perMinute) {
    throw new AppError(429, ERROR_CATALOGUE.UPLOAD_RATE_LIMITED.message, 'UPLOAD_RATE_LIMITED', 60);
  }
  if ((used?.lastDayBytes ?? 0) + size > dailyMb * 1024 * 1024) {
    throw new AppError(429, ERROR_CATALOGUE.UPLOAD_QUOTA_EXCEEDED.message, 'UPLOAD_QUOTA_EXCEEDED', 3600);
  }
}

import { eq } from 'drizzle-orm';
import { HOME_DEFAULT_COLOURS, REGION_NAME, type HomeSettings, type HomeSettingsUpdate } from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import { writeAudit } from '../logs/service.js';

const HOME_SETTINGS_KEY = 'home';

/** The home settings, with the spec's default colours for whatever has not been set. */
export async function getHomeSettings(db: Db): Promise<HomeSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, HOME_SETTINGS_KEY)).limit(1);
  const stored = (row?.value ?? {}) as Partial<HomeSettings>;
  return {
    logo: null,
    regionTitle: REGION_NAME,
    linkedinLink: '',
    facebookLink: '',
    twitterLink: '',
    ...HOME_DEFAULT_COLOURS,
    ...stored,
  };
}

/** The settings whose value differs, each as { before, after }. */
export function settingsDiff(before: HomeSettings, after: HomeSettings) {
  const diff: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after) as (keyof HomeSettings)[]) {
    if (before[key] !== after[key]) diff[key] = { before: before[key] ?? null, after: after[key] ?? null };
  }
  return diff;
}

/** PUT /home (back office): the given settings over the current ones, with an audit entry. */
export async function updateHomeSettings(
  ctx: AppContext,
  { actor, changes, meta }: { actor: Actor; changes: HomeSettingsUpdate; meta: RequestMeta },
): Promise<HomeSettings> {
  const current = await getHomeSettings(ctx.db);
  const next = { ...current, ...changes };
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: HOME_SETTINGS_KEY, value: next })
      .onConflictDoUpdate({ target: settings.key, set: { value: next } });
    // Only what changed, each with its value before and after, so the trail reads as a diff.
    await writeAudit(tx, {
      action: 'SETTINGS_CHANGED',
      logUser: actor.email,
      value: settingsDiff(current, next),
      meta,
    });
  });
  return next;
}

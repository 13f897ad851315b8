import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import { LANGUAGES, PUBLIC_CMS_TYPES, type CmsEntry, type CmsType, type CmsWrite, type Language } from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import { cmsEntries, storedFiles } from '../../db/schema/index.js';
import { notFound, unauthorized } from '../../errors.js';
import { sanitizeRichText } from '../../lib/html.js';
import { writeAudit } from '../logs/service.js';

type Row = typeof cmsEntries.$inferSelect;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The only way from a row to the API's entry: the asked language's text, else English, else any. */
export function presentEntry(row: Row, lang: Language): CmsEntry {
  const text = row.texts[lang] ?? row.texts.en ?? Object.values(row.texts)[0] ?? { title: '', summary: '', body: '' };
  return {
    id: row.id,
    type: row.type as CmsType,
    position: row.position,
    image: row.image,
    link: row.link,
    eventDate: row.eventDate,
    countryCode: row.countryCode,
    published: row.published,
    lang,
    text,
    languages: LANGUAGES.filter((l) => row.texts[l]),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Internal FAQs and unpublished entries are for signed-in users and the secretariat respectively. */
function readable(type: CmsType, actor: Actor | null): boolean {
  return PUBLIC_CMS_TYPES.includes(type) || actor !== null;
}

const staff = (actor: Actor | null) => actor?.role === 'ADMIN' || actor?.role === 'AFRICAN_UNION';

/** A page of published entries (all types, or one), ordered by type and position. */
export async function listEntries(ctx: AppContext, { actor, type, page, size, lang }: { actor: Actor | null; type?: CmsType; page: number; size: number; lang: Language }) {
  if (type && !readable(type, actor)) throw unauthorized();
  const types = type ? [type] : actor ? [...PUBLIC_CMS_TYPES, 'FAQ'] : [...PUBLIC_CMS_TYPES];
  const filters: SQL[] = [inArray(cmsEntries.type, types)];
  if (!staff(actor)) filters.push(eq(cmsEntries.published, true));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db.select().from(cmsEntries).where(where).orderBy(asc(cmsEntries.type), asc(cmsEntries.position), asc(cmsEntries.createdAt)).limit(size).offset((page - 1) * size),
    ctx.db.select({ total: count() }).from(cmsEntries).where(where),
  ]);
  return { items: rows.map((r) => presentEntry(r, lang)), total, page, size };
}

export async function getEntry(ctx: AppContext, { actor, id, lang }: { actor: Actor | null; id: string; lang: Language }): Promise<CmsEntry> {
  if (!UUID.test(id)) throw notFound();
  const [row] = await ctx.db.select().from(cmsEntries).where(eq(cmsEntries.id, id));
  if (!row || (!row.published && !staff(actor))) throw notFound();
  if (!readable(row.type as CmsType, actor)) throw unauthorized();
  return presentEntry(row, lang);
}

const cleanText = (text: CmsWrite['text']) => ({ title: text.title ?? '', summary: text.summary ?? '', body: sanitizeRichText(text.body ?? '') });

export async function createEntry(ctx: AppContext, { actor, body, lang, meta }: { actor: Actor; body: CmsWrite; lang: Language; meta: RequestMeta }) {
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(cmsEntries)
      .values({ ...body, texts: { [lang]: cleanText(body.text) }, updatedBy: actor.id })
      .returning();
    await writeAudit(tx, { action: 'CMS_CREATED', logUser: actor.email, value: { id: created.id, type: body.type, lang }, meta });
    return created;
  });
  return presentEntry(row, lang);
}

/** Changes an entry; the text given is the one of the language ?lng names, the others are kept. */
export async function updateEntry(ctx: AppContext, { actor, id, body, lang, meta }: { actor: Actor; id: string; body: CmsWrite; lang: Language; meta: RequestMeta }) {
  if (!UUID.test(id)) throw notFound();
  const [current] = await ctx.db.select().from(cmsEntries).where(eq(cmsEntries.id, id));
  if (!current) throw notFound();
  const { text, ...fields } = body;
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(cmsEntries)
      .set({ ...fields, texts: { ...current.texts, [lang]: cleanText(text) }, updatedBy: actor.id, updatedAt: new Date() })
      .where(eq(cmsEntries.id, id))
      .returning();
    await writeAudit(tx, { action: 'CMS_UPDATED', logUser: actor.email, value: { id, type: body.type, lang }, meta });
    return updated;
  });
  return presentEntry(row, lang);
}

export async function deleteEntry(ctx: AppContext, { actor, id, meta }: { actor: Actor; id: string; meta: RequestMeta }) {
  if (!UUID.test(id)) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const deleted = await tx.delete(cmsEntries).where(eq(cmsEntries.id, id)).returning({ id: cmsEntries.id, type: cmsEntries.type });
    if (deleted.length === 0) throw notFound();
    await writeAudit(tx, { action: 'CMS_DELETED', logUser: actor.email, value: { id, type: deleted[0].type }, meta });
  });
}

/** An image of published content, for anyone; any other key is 404. */
export async function openPublicImage(ctx: AppContext, key: string) {
  const [row] = await ctx.db
    .select({ contentType: storedFiles.contentType, size: storedFiles.size })
    .from(cmsEntries)
    .innerJoin(storedFiles, eq(storedFiles.key, cmsEntries.image))
    .where(and(eq(cmsEntries.image, key), eq(cmsEntries.published, true)))
    .limit(1);
  if (!row) throw notFound();
  const stream = await ctx.files.get(key);
  if (!stream) throw notFound();
  return { ...row, stream };
}

/** CMS images stay readable by anyone signed in, and cannot be deleted while an entry uses them. */
export const cmsFileRule = {
  async canRead(ctx: AppContext, _actor: Actor, key: string) {
    const [row] = await ctx.db.select({ id: cmsEntries.id }).from(cmsEntries).where(eq(cmsEntries.image, key)).limit(1);
    return !!row;
  },
  async isInUse(ctx: AppContext, key: string) {
    return this.canRead(ctx, null as never, key);
  },
};

import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  CMS_MESSAGES,
  LANGUAGES,
  MESSAGES,
  UPLOAD_TYPES,
  isStaff,
  isUuid,
  PUBLIC_CMS_TYPES,
  SIGNED_IN_CMS_TYPES,
  type CmsEntry,
  type CmsType,
  type CmsWrite,
  type Language,
} from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import { cmsEntries, storedFiles, users } from '../../db/schema/index.js';
import { badRequest, notFound, refusal, unauthorized, firstOr404 } from '../../errors.js';
import { only } from '../../lib/only.js';
import { sanitizeRichText } from '../../lib/html.js';
import { writeAudit } from '../logs/service.js';
import { withStore } from '../files/service.js';

type Row = typeof cmsEntries.$inferSelect;

/** The only way from a row to the API's entry: the asked language's text, else English, else any. */
function presentEntry(row: Row, lang: Language): CmsEntry {
  const text = row.texts[lang] ?? row.texts.en ?? Object.values(row.texts)[0] ?? { title: '', summary: '', body: '' };
  return {
    id: row.id,
    type: row.type,
    position: row.position,
    image: row.image,
    link: row.link,
    eventDate: row.eventDate,
    countryCode: row.countryCode,
    document: row.document,
    published: row.published,
    lang,
    text,
    languages: LANGUAGES.filter((l) => row.texts[l]),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Internal FAQs and legislation are for signed-in users; unpublished entries for the secretariat. */
function readable(type: CmsType, actor: Actor | null): boolean {
  return PUBLIC_CMS_TYPES.includes(type) || actor !== null;
}

const staff = (actor: Actor | null) => isStaff(actor?.role);

/** A page of published entries (all types, or one), ordered by type and position. */
export async function listEntries(
  ctx: AppContext,
  {
    actor,
    type,
    page,
    size,
    lang,
  }: { actor: Actor | null; type?: CmsType; page: number; size: number; lang: Language },
) {
  if (type && !readable(type, actor)) throw unauthorized();
  const types = type ? [type] : actor ? [...PUBLIC_CMS_TYPES, ...SIGNED_IN_CMS_TYPES] : [...PUBLIC_CMS_TYPES];
  const filters: SQL[] = [inArray(cmsEntries.type, types)];
  if (!staff(actor)) filters.push(eq(cmsEntries.published, true));
  const where = and(...filters);
  const [rows, { total }] = await Promise.all([
    ctx.db
      .select()
      .from(cmsEntries)
      .where(where)
      .orderBy(asc(cmsEntries.type), asc(cmsEntries.position), asc(cmsEntries.createdAt))
      .limit(size)
      .offset((page - 1) * size),
    ctx.db.select({ total: count() }).from(cmsEntries).where(where).then(only),
  ]);
  return { items: rows.map((r) => presentEntry(r, lang)), total, page, size };
}

export async function getEntry(
  ctx: AppContext,
  { actor, id, lang }: { actor: Actor | null; id: string; lang: Language },
): Promise<CmsEntry> {
  if (!isUuid(id)) throw notFound();
  const [row] = await ctx.db.select().from(cmsEntries).where(eq(cmsEntries.id, id));
  if (!row || (!row.published && !staff(actor))) throw notFound();
  if (!readable(row.type, actor)) throw unauthorized();
  return presentEntry(row, lang);
}

/**
 * An entry's image and document become readable by others (images by anyone, on the public pages), so each must
 * be a file the secretariat uploaded through the CMS, of the right type: not any key, such as someone's chat
 * attachment. Anything else is 400.
 */
async function checkFiles(ctx: AppContext, body: Pick<CmsWrite, 'image' | 'document'>): Promise<void> {
  await checkFile(ctx, body.document, [UPLOAD_TYPES.pdf], CMS_MESSAGES.invalidDocument);
  await checkFile(ctx, body.image, [UPLOAD_TYPES.png, UPLOAD_TYPES.jpg], CMS_MESSAGES.invalidImage);
}

async function checkFile(
  ctx: AppContext,
  key: string | null | undefined,
  types: string[],
  message: string,
): Promise<void> {
  if (!key) return;
  const [file] = await ctx.db
    .select({ contentType: storedFiles.contentType, uploaderRole: users.role })
    .from(storedFiles)
    .leftJoin(users, eq(users.id, storedFiles.ownerId))
    .where(eq(storedFiles.key, key))
    .limit(1);
  if (!file || !types.includes(file.contentType) || !isStaff(file.uploaderRole)) throw badRequest(message);
}

const cleanText = (text: CmsWrite['text']) => ({
  title: text.title ?? '',
  summary: text.summary ?? '',
  body: sanitizeRichText(text.body ?? ''),
});

/** A timestamp column equal, to the millisecond, to an ISO time a client read. */
const sameMillisecond = (column: typeof cmsEntries.updatedAt, iso: string) =>
  sql`date_trunc('milliseconds', ${column}) = ${new Date(iso).toISOString()}::timestamptz`;

export async function createEntry(
  ctx: AppContext,
  { actor, body, lang, meta }: { actor: Actor; body: CmsWrite; lang: Language; meta: RequestMeta },
) {
  await checkFiles(ctx, body);
  // A new entry has no revision to check.
  const { updatedAt: _readAt, ...fields } = body;
  const row = await ctx.db.transaction(async (tx) => {
    const created = only(
      await tx
        .insert(cmsEntries)
        .values({ ...fields, texts: { [lang]: cleanText(body.text) }, updatedBy: actor.id })
        .returning(),
    );
    await writeAudit(tx, {
      action: 'CMS_CREATED',
      logUser: actor.email,
      value: { id: created.id, type: body.type, lang },
      meta,
    });
    return created;
  });
  return presentEntry(row, lang);
}

/** Changes an entry; the text given is the one of the language ?lng names, the others are kept. */
export async function updateEntry(
  ctx: AppContext,
  { actor, id, body, lang, meta }: { actor: Actor; id: string; body: CmsWrite; lang: Language; meta: RequestMeta },
) {
  if (!isUuid(id)) throw notFound();
  const current = await firstOr404(ctx.db.select().from(cmsEntries).where(eq(cmsEntries.id, id)));
  await checkFiles(ctx, body);
  const { text, updatedAt: readAt, ...fields } = body;
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(cmsEntries)
      .set({
        ...fields,
        texts: { ...current.texts, [lang]: cleanText(text) },
        updatedBy: actor.id,
        updatedAt: new Date(),
      })
      // The revision check is in the update itself, so of two saves of one reading only the first is taken.
      // Compared to the millisecond: that is what the entry's updatedAt tells the client (the column keeps microseconds).
      .where(and(eq(cmsEntries.id, id), readAt ? sameMillisecond(cmsEntries.updatedAt, readAt) : undefined))
      .returning();
    if (!updated) throw refusal('CMS_CONFLICT');
    await writeAudit(tx, { action: 'CMS_UPDATED', logUser: actor.email, value: { id, type: body.type, lang }, meta });
    return updated;
  });
  return presentEntry(row, lang);
}

export async function deleteEntry(
  ctx: AppContext,
  { actor, id, meta }: { actor: Actor; id: string; meta: RequestMeta },
) {
  if (!isUuid(id)) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(cmsEntries)
      .where(eq(cmsEntries.id, id))
      .returning({ id: cmsEntries.id, type: cmsEntries.type, texts: cmsEntries.texts });
    if (!deleted) throw notFound();
    // The entry is gone: its title stays in the trail so the row still says what was deleted.
    const { type, texts } = deleted;
    const title = texts.en?.title || Object.values(texts).find((x) => x?.title)?.title || '';
    await writeAudit(tx, { action: 'CMS_DELETED', logUser: actor.email, value: { id, type, title }, meta });
  });
}

/** An image of published content, for anyone; any other key is 404. */
export async function openPublicImage(ctx: AppContext, key: string) {
  const row = await firstOr404(
    ctx.db
      .select({ contentType: storedFiles.contentType, size: storedFiles.size })
      .from(cmsEntries)
      .innerJoin(storedFiles, eq(storedFiles.key, cmsEntries.image))
      .where(and(eq(cmsEntries.image, key), eq(cmsEntries.published, true)))
      .limit(1),
  );
  const stream = await withStore(ctx, () => ctx.files.get(key), MESSAGES.genericError);
  if (!stream) throw notFound();
  return { ...row, stream };
}

const usedBy = (key: string) => or(eq(cmsEntries.image, key), eq(cmsEntries.document, key));

/**
 * CMS images and documents are readable by anyone signed in while a published entry uses them (the secretariat
 * also through unpublished ones), and cannot be deleted while any entry uses them.
 */
export const cmsFileRule = {
  async canRead(ctx: AppContext, actor: Actor, key: string) {
    const where = staff(actor) ? usedBy(key) : and(usedBy(key), eq(cmsEntries.published, true));
    const [row] = await ctx.db.select({ id: cmsEntries.id }).from(cmsEntries).where(where).limit(1);
    return !!row;
  },
  async isInUse(ctx: AppContext, key: string) {
    const [row] = await ctx.db.select({ id: cmsEntries.id }).from(cmsEntries).where(usedBy(key)).limit(1);
    return !!row;
  },
};

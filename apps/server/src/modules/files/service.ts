import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import {
  FILE_KEY_PATTERN,
  MESSAGES,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  contentMatchesExtension,
  uploadExtension,
  uploadFailedMessage,
  type UploadedFile,
} from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import { storedFiles } from '../../db/schema/index.js';
import { AppError, conflict, notFound, firstOr404, refusal } from '../../errors.js';
import { only } from '../../lib/only.js';
import { writeAudit } from '../logs/service.js';
import { anyRuleAllowsRead, anyRuleSaysInUse } from './access.js';
import { checkUploadQuota } from './quota.js';

type FileRow = typeof storedFiles.$inferSelect;

/** The only way from a stored-file row to JSON. */
function presentFile(row: FileRow): UploadedFile {
  return { fileKey: row.key, fileName: row.fileName, size: row.size, contentType: row.contentType };
}

/** A name safe to keep and to send back in a header: no path, no control characters, at most 200 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f"]/g, '').slice(-200) || 'file';
}

/**
 * Stores one uploaded file after checking its extension, its content (magic bytes) and its size.
 * A refused type is 415, a file over the limit 413, both with the spec's '{file name} file upload failed.'
 */
export async function uploadFile(
  ctx: AppContext,
  { actor, fileName, data, meta }: { actor: Actor; fileName: string; data: Buffer; meta: RequestMeta },
): Promise<UploadedFile> {
  const name = cleanFileName(fileName);
  if (data.length > UPLOAD_MAX_BYTES) throw new AppError(413, uploadFailedMessage(name), 'PAYLOAD_TOO_LARGE');
  const ext = uploadExtension(name);
  if (!ext || data.length === 0 || !contentMatchesExtension(ext, data)) {
    throw new AppError(415, uploadFailedMessage(name), 'UNSUPPORTED_MEDIA_TYPE');
  }
  await checkUploadQuota(ctx, actor, data.length);
  const key = `${crypto.randomBytes(24).toString('base64url')}.${ext}`;
  await withStore(ctx, () => ctx.files.put(key, data), uploadFailedMessage(name));
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = only(
      await tx
        .insert(storedFiles)
        .values({ key, ownerId: actor.id, fileName: name, contentType: UPLOAD_TYPES[ext], size: data.length })
        .returning(),
    );
    await writeAudit(tx, {
      action: 'FILE_UPLOADED',
      logUser: actor.email,
      value: { fileKey: key, fileName: name, size: data.length },
      meta,
    });
    return inserted;
  });
  return presentFile(row);
}

/**
 * Runs one call to the file store; a store that cannot be reached is 503 with the given message, a full disk 507
 * STORAGE_FULL (nothing is recorded: the row is written only after the bytes), both logged.
 */
export async function withStore<T>(ctx: AppContext, run: () => Promise<T>, message: string): Promise<T> {
  try {
    return await run();
  } catch (err) {
    ctx.log.error({ err, store: ctx.files.kind }, 'file store call failed');
    if ((err as { code?: string }).code === 'ENOSPC') throw refusal('STORAGE_FULL');
    throw new AppError(503, message, 'UNAVAILABLE');
  }
}

/** The row of a file the actor may read: its uploader, or anyone an area's rule admits. Anything else is 404. */
async function readableFile(ctx: AppContext, actor: Actor, key: string): Promise<FileRow> {
  if (!FILE_KEY_PATTERN.test(key)) throw notFound();
  const row = await firstOr404(ctx.db.select().from(storedFiles).where(eq(storedFiles.key, key)).limit(1));
  if (row.ownerId !== actor.id && !(await anyRuleAllowsRead(ctx, actor, key))) throw notFound();
  return row;
}

/** Opens a file for download. */
export async function downloadFile(
  ctx: AppContext,
  { actor, key }: { actor: Actor; key: string },
): Promise<{ file: UploadedFile; stream: Readable }> {
  const row = await readableFile(ctx, actor, key);
  const stream = await withStore(ctx, () => ctx.files.get(key), MESSAGES.genericError);
  if (!stream) throw notFound();
  return { file: presentFile(row), stream };
}

/** Deletes a file of one's own that nothing uses any more. */
export async function deleteFile(
  ctx: AppContext,
  { actor, key, meta }: { actor: Actor; key: string; meta: RequestMeta },
): Promise<void> {
  if (!FILE_KEY_PATTERN.test(key)) throw notFound();
  const [row] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
  if (!row || row.ownerId !== actor.id) throw notFound();
  if (await anyRuleSaysInUse(ctx, key)) throw conflict('This file is attached to a message and cannot be deleted.');
  await ctx.db.transaction(async (tx) => {
    await tx.delete(storedFiles).where(eq(storedFiles.key, key));
    await writeAudit(tx, {
      action: 'FILE_DELETED',
      logUser: actor.email,
      value: { fileKey: key, fileName: row.fileName },
      meta,
    });
  });
  // The row is gone, so the file is unreachable; an object the store failed to delete is only logged.
  await ctx.files.delete(key).catch((err: unknown) => ctx.log.error({ err, key }, 'file store delete failed'));
}

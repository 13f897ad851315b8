import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { AuditLog } from '@portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { auditLogs } from '../../db/schema/index.js';
import type { RequestMeta } from '../../context.js';
import { geolocate } from './geo.js';

interface AuditEntry {
  action: string;
  logUser: string | null;
  targetUser?: string | null;
  value?: unknown;
  meta: RequestMeta;
}

/** Writes one audit row, inside the caller's transaction when given one. */
export async function writeAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    action: entry.action,
    logUser: entry.logUser,
    targetUser: entry.targetUser ?? null,
    value: entry.value ?? null,
    clientName: entry.meta.clientName,
    ip: entry.meta.ip,
    geolocation: geolocate(entry.meta.ip),
  });
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the audit trail, newest first, filtered by action and by (part of) the acting user. */
export async function listAuditLogs(db: Db, q: { page: number; size: number; action?: string; user?: string }) {
  const filters: SQL[] = [];
  if (q.action) filters.push(eq(auditLogs.action, q.action));
  if (q.user) filters.push(ilike(auditLogs.logUser, `%${escapeLike(q.user)}%`));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.createdAt))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ total: count() }).from(auditLogs).where(where),
  ]);
  const items: AuditLog[] = rows.map((r) => ({ ...r, value: r.value ?? null, createdAt: r.createdAt.toISOString() }));
  return { items, total, page: q.page, size: q.size };
}

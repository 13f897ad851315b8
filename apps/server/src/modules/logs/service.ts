import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditLog } from '@portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { auditLogs } from '../../db/schema/index.js';
import type { RequestMeta } from '../../context.js';
import { only } from '../../lib/only.js';
import { geolocate } from './geo.js';
import { nameAuditSubjects } from './subjects.js';

interface AuditEntry {
  action: AuditAction;
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

type AuditFilter = { action?: string; user?: string };

function auditWhere(q: AuditFilter): SQL | undefined {
  const filters: SQL[] = [];
  if (q.action) filters.push(eq(auditLogs.action, q.action));
  if (q.user) filters.push(ilike(auditLogs.logUser, `%${escapeLike(q.user)}%`));
  return filters.length ? and(...filters) : undefined;
}

/** Audit rows matching the filters, newest first, with the offer and the chat room each one is about named. */
export async function findAuditLogs(
  db: Db,
  q: AuditFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<AuditLog[]> {
  const rows = await db
    .select()
    .from(auditLogs)
    .where(auditWhere(q))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(limit)
    .offset(offset);
  return nameAuditSubjects(
    db,
    rows.map((r) => ({ ...r, value: r.value ?? null, createdAt: r.createdAt.toISOString() })),
  );
}

/** A page of the audit trail, newest first, filtered by action and by (part of) the acting user. */
export async function listAuditLogs(db: Db, q: AuditFilter & { page: number; size: number }) {
  const [items, { total }] = await Promise.all([
    findAuditLogs(db, q, { limit: q.size, offset: (q.page - 1) * q.size }),
    db.select({ total: count() }).from(auditLogs).where(auditWhere(q)).then(only),
  ]);
  return { items, total, page: q.page, size: q.size };
}

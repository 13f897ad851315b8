import type { Db, Tx } from '../../db/client.js';
import { auditLogs } from '../../db/schema/index.js';
import type { RequestMeta } from '../../context.js';

export interface AuditEntry {
  action: string;
  logUser: string | null;
  targetUser?: string | null;
  value?: unknown;
  meta: RequestMeta;
}

/** Country-level location of a client address; loopback and private ranges are 'local'. */
export function geolocate(ip: string): string | null {
  if (/^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|::ffff:127\.|fc|fd)/.test(ip)) return 'local';
  return null;
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

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogExportQuerySchema, userExportQuerySchema, type AuditLog, type ManagedUser } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { EXPORT_MAX_ROWS, sendTable } from '../../lib/table-export.js';
import { findAuditLogs } from '../logs/service.js';
import { findUsers } from './service.js';

const USER_COLUMNS = [
  'Email',
  'Title',
  'First name',
  'Last name',
  'Role',
  'Country code',
  'Country',
  'Status',
  'Created at',
];
// The offer and room columns come last, so that a reader of the older files finds the first eight where they were.
const AUDIT_COLUMNS = [
  'Date',
  'Action',
  'User',
  'Target user',
  'Value',
  'Client',
  'Location',
  'IP address',
  'Offer',
  'Offer country',
  'Chat room',
];

/** A named offer or room as the export shows it: its name, "(deleted)" when its id matches nothing, empty when none. */
const subjectName = (subject: { id: string } | null, name: string | null | undefined): string =>
  subject ? (name ?? `(deleted) ${subject.id}`) : '';

/** A user as a row of the export, in the order of USER_COLUMNS. */
const userRow = (u: ManagedUser) => [
  u.email,
  u.titlePrefix,
  u.firstName,
  u.lastName,
  u.role,
  u.countryCode,
  u.countryName,
  u.status,
  u.createdAt,
];

/** An audit row as a row of the export, in the order of AUDIT_COLUMNS. */
const auditRow = (l: AuditLog) => [
  l.createdAt,
  l.action,
  l.logUser,
  l.targetUser,
  l.value === null ? '' : JSON.stringify(l.value),
  l.clientName,
  l.geolocation,
  l.ip,
  subjectName(l.offer, l.offer?.name),
  l.offer?.countryName ?? '',
  subjectName(l.room, l.room?.title),
];

/** The back office's exports: what the users and audit screens show, with their filters, as CSV or XLSX. */
export async function exportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/users/export',
    {
      schema: {
        tags: ['users'],
        summary: `Users matching the screen's filters (search, role, status, country) as CSV or XLSX, at most ${EXPORT_MAX_ROWS}`,
        querystring: userExportQuerySchema,
      },
    },
    async (req, reply) => {
      const { format, ...filter } = req.query;
      const rows = await findUsers(ctx, filter, { limit: EXPORT_MAX_ROWS, offset: 0 });
      return sendTable(reply, { name: 'users', columns: USER_COLUMNS, rows: rows.map(userRow) }, format);
    },
  );
  r.get(
    '/account-ms/logs/export',
    {
      schema: {
        tags: ['logs'],
        summary: `Audit rows matching the screen's filters (action, user), newest first, as CSV or XLSX, at most ${EXPORT_MAX_ROWS}`,
        querystring: auditLogExportQuerySchema,
      },
    },
    async (req, reply) => {
      const { format, ...filter } = req.query;
      const rows = await findAuditLogs(ctx.db, filter, { limit: EXPORT_MAX_ROWS, offset: 0 });
      return sendTable(reply, { name: 'audit-logs', columns: AUDIT_COLUMNS, rows: rows.map(auditRow) }, format);
    },
  );
}

import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  gatsFilterResultSchema,
  gatsFilterSchema,
  gatsListQuerySchema,
  gatsMemberCommitmentsSchema,
  gatsMemberSchema,
  gatsPageSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
import { actorOf } from '../../auth/authorize.js';
import { badRequest, notFound } from '../../errors.js';
import { readUpload } from '../files/upload.js';
import { requestMeta } from '../../lib/request-meta.js';
import { REFERENCE_DIR } from '../sectors/classification.js';
import { ImportFileError, MAX_IMPORT_BYTES, importGats } from './importer.js';
import { filterGats, filterGatsJson, gatsWorkbook, getGatsMember, listGats, listGatsMembers } from './service.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const tags = ['gats'];
const doc = routeDocs(tags);
const IMPORT_REFUSED = 'The file was not imported: nothing was changed.';

/** GATS commitments: filter (View GATS), browse (/gats, /gats/{id}), export to XLSX, import (staff). */
export async function gatsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  if (ctx.config.seedDemo) {
    const data = await fs.readFile(path.join(REFERENCE_DIR, 'gats-demo.csv'));
    const report = await importGats({ db: ctx.db, fileName: 'gats-demo.csv', data });
    if (report.inserted) ctx.log.info({ inserted: report.inserted }, 'GATS demo set imported');
  }
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/gats/filter',
    doc('Commitments of members in services (View GATS)', gatsFilterResultSchema, { body: gatsFilterSchema }),
    // The envelope comes already encoded from the database (a string is sent as it is, not re-serialized).
    async (req, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await filterGatsJson({ db: ctx.db, filter: req.body })) as never),
  );
  r.post(
    '/gats/export',
    {
      schema: {
        tags,
        summary:
          'The filtered commitments as an .xlsx workbook (?encoding=base64: inside the JSON envelope, for the web app)',
        body: gatsFilterSchema,
        querystring: z.object({ encoding: z.enum(['binary', 'base64']).default('binary') }),
      },
    },
    async (req, reply) => {
      const { excelData } = await filterGats({ db: ctx.db, filter: req.body });
      const file = await gatsWorkbook(excelData);
      const fileName = 'gats-commitments.xlsx';
      if (req.query.encoding === 'base64')
        return {
          payload: { fileName, contentType: XLSX_TYPE, base64: file.toString('base64'), rows: excelData.length },
        };
      return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${fileName}"`).send(file);
    },
  );
  r.get(
    '/gats',
    doc('Browse commitments by member, sector and words', gatsPageSchema, { querystring: gatsListQuerySchema }),
    async (req) => ({ payload: await listGats({ db: ctx.db, ...req.query }) }),
  );
  r.get('/gats/members', doc('Members with commitments', z.array(gatsMemberSchema)), async () => ({
    payload: await listGatsMembers(ctx.db),
  }));
  r.get(
    '/gats/:id',
    doc("One member's commitments", gatsMemberCommitmentsSchema, { params: z.object({ id: z.string().max(200) }) }),
    async (req) => {
      const member = await getGatsMember(ctx.db, req.params.id);
      if (!member) throw notFound();
      return { payload: member };
    },
  );
  r.post(
    '/gats/import',
    {
      schema: {
        tags,
        summary:
          'Import GATS commitments (staff): the 13-column sheet (.xlsx or .csv), or a schedule in the WTO four-column ' +
          'layout (.docx or .xlsx) with ?member= naming the member it belongs to',
        querystring: z.object({ member: z.string().max(200).optional() }),
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data in a field named "file".');
      // readUpload turns a broken multipart body (cut short, no boundary) into a 400 rather than a 500.
      const part = await readUpload(req, MAX_IMPORT_BYTES);
      const data = part.data;
      try {
        const report = await importGats({
          db: ctx.db,
          fileName: part.fileName,
          data,
          actor,
          meta: requestMeta(req),
          member: req.query.member,
        });
        if (!report.imported) {
          const first = report.refused
            .slice(0, 5)
            .map((r) => `row ${r.row}: ${r.reason}`)
            .join('; ');
          const more = report.refusedCount > 5 ? `; … ${report.refusedCount - 5} more` : '';
          const message =
            report.total === 0
              ? `The file has no data rows. ${IMPORT_REFUSED}`
              : `${report.refusedCount} row(s) refused (${first}${more}). ${IMPORT_REFUSED}`;
          return reply.status(422).send({ message, code: 'IMPORT_REFUSED', payload: report });
        }
        return { payload: report, message: `${report.inserted} row(s) added, ${report.unchanged} already present.` };
      } catch (e) {
        if (e instanceof ImportFileError)
          return reply.status(422).send({ message: `${e.message} ${IMPORT_REFUSED}`, code: 'IMPORT_REFUSED' });
        throw e;
      }
    },
  );
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { compareExportQuerySchema, offerExportQuerySchema, responseExportQuerySchema } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { idParamsSchema } from '../../lib/route-params.js';
import { actorOf } from '../../auth/authorize.js';
import { documentQueue } from './queue.js';
import { exportComparison, exportOffer, exportResponse, type MadeDocument } from './service.js';

const tags = ['documents'];

/** `attachment; filename="…"` with the UTF-8 form beside it (RFC 6266). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function send(reply: FastifyReply, made: MadeDocument) {
  return reply
    .type(made.contentType)
    .header('content-disposition', attachment(made.fileName))
    .header('cache-control', 'private, no-store')
    .header('content-length', made.file.length)
    .send(made.file);
}

/** The document made; a refusal (a full queue or a spent share with its Retry-After) goes to the error handler. */
async function answer(reply: FastifyReply, make: () => Promise<MadeDocument>) {
  return send(reply, await make());
}

/** Documents of record made on the server: a schedule or a counter offer as PDF, DOCX or XLSX (DESIGN.md section 10). */
export async function documentsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const queue = documentQueue(ctx);
  r.get(
    '/offers/:id/export',
    {
      schema: {
        tags,
        summary: 'An offer as a PDF, DOCX or XLSX in English, French or Arabic (a submitted version with ?version=N)',
        params: idParamsSchema,
        querystring: offerExportQuerySchema,
      },
    },
    (req, reply) =>
      answer(reply, () =>
        exportOffer(ctx, queue, {
          actor: actorOf(req),
          id: req.params.id,
          version: req.query.version,
          language: req.query.lang,
          format: req.query.format,
        }),
      ),
  );
  r.get(
    '/offers/:id/compare/export',
    {
      schema: {
        tags,
        summary:
          'Two submitted versions (?from=N&to=M), or a counter offer of this offer (?responseId=) against the version ' +
          'it answers, compared as a PDF: aligned by sector and mode, deleted and inserted words marked',
        params: idParamsSchema,
        querystring: compareExportQuerySchema,
      },
    },
    (req, reply) =>
      answer(reply, () =>
        exportComparison(ctx, queue, {
          actor: actorOf(req),
          id: req.params.id,
          from: req.query.from,
          to: req.query.to,
          responseId: req.query.responseId,
          language: req.query.lang,
        }),
      ),
  );
  r.get(
    '/response-offer/:id/export',
    {
      schema: {
        tags,
        summary: 'A counter offer as a PDF, DOCX or XLSX, each change marked beside the original',
        params: idParamsSchema,
        querystring: responseExportQuerySchema,
      },
    },
    (req, reply) =>
      answer(reply, () =>
        exportResponse(ctx, queue, {
          actor: actorOf(req),
          id: req.params.id,
          language: req.query.lang,
          format: req.query.format,
        }),
      ),
  );
}

import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UPLOAD_MAX_BYTES, envelope, offerImportSchema } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { refusal } from '../../errors.js';
import { readUpload } from '../files/upload.js';
import { importRefusalOf } from '../schedule-import/errors.js';
import { importOfferSchedule } from '../schedule-import/to-offer.js';

/** Imports a minute per client: reading a schedule costs about what a document export does. */
const IMPORTS_PER_MINUTE = 20;

/**
 * POST /offers/import: a schedule in the WTO's four-column layout (.docx or .xlsx, at most the size of any upload)
 * read into an offer document for the editor to open, not saved; what could not be placed comes as warnings.
 */
export async function offerImportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/offers/import',
    {
      config: { rateLimit: { max: IMPORTS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['offers'],
        summary:
          'Read a schedule file (.docx or .xlsx, WTO four-column layout, multipart field file) into an offer ' +
          'document, not saved, with the rows it could not place',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(offerImportSchema) },
      },
    },
    async (req) => {
      const file = await readUpload(req);
      try {
        return { payload: await importOfferSchedule(ctx.db, file) };
      } catch (e) {
        const refused = importRefusalOf(e);
        if (refused) throw refusal(refused.code, refused.detail);
        throw e;
      }
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  UPLOAD_MAX_BYTES,
  cmsEntrySchema,
  cmsLangQuerySchema,
  cmsTypeSchema,
  cmsWriteSchema,
  pageOf,
  pagingQuerySchema,
  uploadedFileSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
import { idParamsSchema } from '../../lib/route-params.js';
import { callerOf } from '../../auth/authorize.js';
import { AppError } from '../../errors.js';
import { addFileRule } from '../files/access.js';
import { readUpload } from '../files/upload.js';
import { uploadFile } from '../files/service.js';
import {
  cmsFileRule,
  createEntry,
  deleteEntry,
  getEntry,
  listEntries,
  openPublicImage,
  updateEntry,
} from './service.js';

const tags = ['cms'];
const doc = routeDocs(tags);

/** Content management: public reading of the portal's pages, editing by the secretariat. */
export async function cmsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  addFileRule('cms', cmsFileRule);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/cms/',
    doc('Published content, paged (page=1, size=3 on the home page)', pageOf(cmsEntrySchema), {
      querystring: pagingQuerySchema.extend({ type: cmsTypeSchema.optional() }).merge(cmsLangQuerySchema),
    }),
    async (req) => ({
      payload: await listEntries(ctx, {
        actor: req.actor,
        type: req.query.type,
        page: req.query.page,
        size: req.query.size,
        lang: req.query.lng,
      }),
    }),
  );
  r.get(
    '/v2/cms/byType/:type',
    doc('All entries of one kind, in order', z.array(cmsEntrySchema), {
      params: z.object({ type: cmsTypeSchema }),
      querystring: cmsLangQuerySchema,
    }),
    async (req) => ({
      payload: (
        await listEntries(ctx, { actor: req.actor, type: req.params.type, page: 1, size: 200, lang: req.query.lng })
      ).items,
    }),
  );
  r.get(
    '/v2/cms/:id',
    doc('One entry in a language', cmsEntrySchema, { params: idParamsSchema, querystring: cmsLangQuerySchema }),
    async (req) => ({
      payload: await getEntry(ctx, { actor: req.actor, id: req.params.id, lang: req.query.lng }),
    }),
  );
  r.post(
    '/v2/cms',
    doc('Create an entry (text in the language ?lng names)', cmsEntrySchema, {
      querystring: cmsLangQuerySchema,
      body: cmsWriteSchema,
    }),
    async (req) => ({
      payload: await createEntry(ctx, { ...callerOf(req), body: req.body, lang: req.query.lng }),
    }),
  );
  r.put(
    '/v2/cms/:id',
    doc('Change an entry and its text in the language ?lng names', cmsEntrySchema, {
      params: idParamsSchema,
      querystring: cmsLangQuerySchema,
      body: cmsWriteSchema,
    }),
    async (req) => ({
      payload: await updateEntry(ctx, { ...callerOf(req), id: req.params.id, body: req.body, lang: req.query.lng }),
    }),
  );
  r.delete('/v2/cms/:id', doc('Delete an entry', z.null(), { params: idParamsSchema }), async (req) => {
    await deleteEntry(ctx, { ...callerOf(req), id: req.params.id });
    return { payload: null };
  });
  r.post(
    '/v2/cms/upload/:x',
    doc('Upload an image for content (png or jpg), or with x=document a PDF (legislation texts)', uploadedFileSchema, {
      consumes: ['multipart/form-data'],
      params: z.object({ x: z.string().max(100) }),
    }),
    async (req) => {
      const { fileName, data } = await readUpload(req);
      const accepted = req.params.x === 'document' ? /\.pdf$/i : /\.(png|jpe?g)$/i;
      if (!accepted.test(fileName))
        throw new AppError(415, `${fileName.slice(0, 100)} file upload failed.`, 'UNSUPPORTED_MEDIA_TYPE');
      return { payload: await uploadFile(ctx, { ...callerOf(req), fileName, data }) };
    },
  );
  r.get(
    '/cms/image/:key',
    { schema: { tags, summary: 'An image of published content', params: z.object({ key: z.string().max(200) }) } },
    async (req, reply) => {
      const image = await openPublicImage(ctx, req.params.key);
      return reply
        .header('content-type', image.contentType)
        .header('content-length', image.size)
        .header('cache-control', 'public, max-age=86400')
        .send(image.stream);
    },
  );
}

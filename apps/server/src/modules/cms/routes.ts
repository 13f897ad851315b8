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
  envelope,
  pageOf,
  pagingQuerySchema,
  uploadedFileSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { idParamsSchema } from '../../lib/route-params.js';
import { actorOf } from '../../auth/authorize.js';
import { AppError } from '../../errors.js';
import { requestMeta } from '../../lib/request-meta.js';
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

/** Content management: public reading of the portal's pages, editing by the secretariat. */
export async function cmsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  addFileRule('cms', cmsFileRule);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/cms/',
    {
      schema: {
        tags,
        summary: 'Published content, paged (page=1, size=3 on the home page)',
        querystring: pagingQuerySchema.extend({ type: cmsTypeSchema.optional() }).merge(cmsLangQuerySchema),
        response: { 200: envelope(pageOf(cmsEntrySchema)) },
      },
    },
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
    {
      schema: {
        tags,
        summary: 'All entries of one kind, in order',
        params: z.object({ type: cmsTypeSchema }),
        querystring: cmsLangQuerySchema,
        response: { 200: envelope(z.array(cmsEntrySchema)) },
      },
    },
    async (req) => ({
      payload: (
        await listEntries(ctx, { actor: req.actor, type: req.params.type, page: 1, size: 200, lang: req.query.lng })
      ).items,
    }),
  );
  r.get(
    '/v2/cms/:id',
    {
      schema: {
        tags,
        summary: 'One entry in a language',
        params: idParamsSchema,
        querystring: cmsLangQuerySchema,
        response: { 200: envelope(cmsEntrySchema) },
      },
    },
    async (req) => ({
      payload: await getEntry(ctx, { actor: req.actor, id: req.params.id, lang: req.query.lng }),
    }),
  );
  r.post(
    '/v2/cms',
    {
      schema: {
        tags,
        summary: 'Create an entry (text in the language ?lng names)',
        querystring: cmsLangQuerySchema,
        body: cmsWriteSchema,
        response: { 200: envelope(cmsEntrySchema) },
      },
    },
    async (req) => ({
      payload: await createEntry(ctx, {
        actor: actorOf(req),
        body: req.body,
        lang: req.query.lng,
        meta: requestMeta(req),
      }),
    }),
  );
  r.put(
    '/v2/cms/:id',
    {
      schema: {
        tags,
        summary: 'Change an entry and its text in the language ?lng names',
        params: idParamsSchema,
        querystring: cmsLangQuerySchema,
        body: cmsWriteSchema,
        response: { 200: envelope(cmsEntrySchema) },
      },
    },
    async (req) => ({
      payload: await updateEntry(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        body: req.body,
        lang: req.query.lng,
        meta: requestMeta(req),
      }),
    }),
  );
  r.delete(
    '/v2/cms/:id',
    { schema: { tags, summary: 'Delete an entry', params: idParamsSchema, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await deleteEntry(ctx, { actor: actorOf(req), id: req.params.id, meta: requestMeta(req) });
      return { payload: null };
    },
  );
  r.post(
    '/v2/cms/upload/:x',
    {
      schema: {
        tags,
        summary: 'Upload an image for content (png or jpg), or with x=document a PDF (legislation texts)',
        consumes: ['multipart/form-data'],
        params: z.object({ x: z.string().max(100) }),
        response: { 200: envelope(uploadedFileSchema) },
      },
    },
    async (req) => {
      const { fileName, data } = await readUpload(req);
      const accepted = req.params.x === 'document' ? /\.pdf$/i : /\.(png|jpe?g)$/i;
      if (!accepted.test(fileName))
        throw new AppError(415, `${fileName.slice(0, 100)} file upload failed.`, 'UNSUPPORTED_MEDIA_TYPE');
      return { payload: await uploadFile(ctx, { actor: actorOf(req), fileName, data, meta: requestMeta(req) }) };
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

import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES, envelope, uploadedFileSchema } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../auth/authorize.js';
import { requestMeta } from '../../lib/request-meta.js';
import { deleteFile, downloadFile, uploadFile } from './service.js';
import { readUpload } from './upload.js';

/**
 * The file store's calls: POST /file (and /file/, and the spec's POST /filemanager-ms/aws/, one handler for all
 * three), GET /file/aws/download/{file}, DELETE /file/{fileKey}.
 */
export async function filesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const url of ['/file', '/file/', '/filemanager-ms/aws/']) {
    r.post(
      url,
      {
        schema: {
          tags: ['files'],
          summary: 'Upload one file (xlsx, xls, png, jpg, jpeg, doc, docx, pdf, mp4; at most 10 MiB)',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(uploadedFileSchema) },
        },
      },
      async (req) => {
        const { fileName, data } = await readUpload(req);
        return { payload: await uploadFile(ctx, { actor: actorOf(req), fileName, data, meta: requestMeta(req) }) };
      },
    );
  }
  r.get(
    '/file/aws/download/:file',
    {
      schema: {
        tags: ['files'],
        summary: 'Download a file you may read',
        params: z.object({ file: z.string().max(200) }),
      },
    },
    async (req, reply) => {
      const { file, stream } = await downloadFile(ctx, { actor: actorOf(req), key: req.params.file });
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
  r.delete(
    '/file/:fileKey',
    {
      schema: {
        tags: ['files'],
        summary: 'Delete a file you uploaded',
        params: z.object({ fileKey: z.string().max(200) }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await deleteFile(ctx, { actor: actorOf(req), key: req.params.fileKey, meta: requestMeta(req) });
      return { payload: null, message: 'File deleted' };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES, uploadedFileSchema } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
import { actorOf, callerOf } from '../../auth/authorize.js';
import { deleteFile, downloadFile, uploadFile } from './service.js';
import { readUpload } from './upload.js';

const tags = ['files'];
const doc = routeDocs(tags);

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
      doc('Upload one file (xlsx, xls, png, jpg, jpeg, doc, docx, pdf, mp4; at most 10 MiB)', uploadedFileSchema, {
        consumes: ['multipart/form-data'],
      }),
      async (req) => {
        const { fileName, data } = await readUpload(req);
        return { payload: await uploadFile(ctx, { ...callerOf(req), fileName, data }) };
      },
    );
  }
  r.get(
    '/file/aws/download/:file',
    {
      schema: {
        tags,
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
    doc('Delete a file you uploaded', z.null(), { params: z.object({ fileKey: z.string().max(200) }) }),
    async (req) => {
      await deleteFile(ctx, { ...callerOf(req), key: req.params.fileKey });
      return { payload: null, message: 'File deleted' };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import { BACKOFFICE_MESSAGES, homeSettingsSchema, homeSettingsUpdateSchema } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
import { callerOf } from '../../auth/authorize.js';
import { getHomeSettings, updateHomeSettings } from './service.js';
import { LOGO_MAX_BYTES, openLogo, uploadLogo } from './logo.js';
import { readUpload } from '../files/upload.js';

const doc = routeDocs(['settings']);
/** What everyone reads is documented with the reference data. */
const referenceDoc = routeDocs(['reference']);

/** The home settings (logo, region title, links, colours): read by everyone, changed by the secretariat. */
export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES + 1, files: 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/home', referenceDoc('Logo, region title and home settings', homeSettingsSchema), async () => ({
    payload: await getHomeSettings(ctx.db),
  }));
  r.put(
    '/home',
    doc('Change the home settings (logo, region title, links, colours)', homeSettingsSchema, {
      body: homeSettingsUpdateSchema,
    }),
    async (req) => ({
      payload: await updateHomeSettings(ctx, { ...callerOf(req), changes: req.body }),
      message: BACKOFFICE_MESSAGES.settingsSaved,
    }),
  );
  r.post(
    '/home/logo',
    doc(
      'Upload the logo (PNG, JPG or SVG without scripts or outside links, 1 MB at most) and use it',
      homeSettingsSchema,
      { consumes: ['multipart/form-data'] },
    ),
    async (req) => {
      const { data } = await readUpload(req, LOGO_MAX_BYTES + 1);
      return {
        payload: await uploadLogo(ctx, { ...callerOf(req), data }),
        message: BACKOFFICE_MESSAGES.settingsSaved,
      };
    },
  );
  r.get(
    '/home/logo/:key',
    {
      schema: {
        tags: ['reference'],
        summary: 'The uploaded logo',
        params: z.object({ key: z.string().max(100) }),
      },
    },
    async (req, reply) => {
      const logo = await openLogo(ctx, req.params.key);
      return (
        reply
          .header('content-type', logo.contentType)
          .header('cache-control', 'public, max-age=86400, immutable')
          .header('x-content-type-options', 'nosniff')
          // Opened on its own, an SVG is a document: it may neither run nor load anything.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(logo.stream)
      );
    },
  );
}

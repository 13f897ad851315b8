import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, profileSchema } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../auth/authorize.js';
import { getProfile } from './service.js';

export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/profile/current',
    { schema: { tags: ['profile'], summary: 'The signed-in user', response: { 200: envelope(profileSchema) } } },
    async (req) => ({ payload: await getProfile(ctx, { userId: actorOf(req).id }) }),
  );
}

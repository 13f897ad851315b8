import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asc } from 'drizzle-orm';
import { BACKOFFICE_MESSAGES, captchaChallengeSchema, envelope, newsletterBodySchema } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { newsletterSubscribers } from '../../db/schema/index.js';
import { newCaptchaChallenge, spendCaptcha } from '../../lib/captcha.js';

const tags = ['newsletter'];
export async function newsletterRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/captcha/challenge',
    {
      schema: {
        tags,
        summary: 'A proof-of-work captcha challenge (ALTCHA v1)',
        response: { 200: envelope(captchaChallengeSchema) },
      },
    },
    async () => ({ payload: await newCaptchaChallenge(ctx) }),
  );

  r.post(
    '/newslettersubscriber',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Subscribe to the newsletter; the solved captcha goes in the captcha-response header',
        body: newsletterBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const header = req.headers['captcha-response'];
      await spendCaptcha(ctx, typeof header === 'string' ? header : undefined);
      // The same answer whether or not the address was already subscribed: the form tells nobody who reads the newsletter.
      await ctx.db
        .insert(newsletterSubscribers)
        .values({ email: req.body.email, isNew: req.body.new })
        .onConflictDoNothing();
      return { payload: null, message: BACKOFFICE_MESSAGES.subscribed };
    },
  );

  r.get(
    '/newslettersubscriber',
    {
      schema: {
        tags,
        summary: 'The subscribers',
        response: { 200: envelope(z.array(z.object({ email: z.string(), new: z.boolean(), createdAt: z.string() }))) },
      },
    },
    async () => ({
      payload: (await ctx.db.select().from(newsletterSubscribers).orderBy(asc(newsletterSubscribers.createdAt))).map(
        (s) => ({ email: s.email, new: s.isNew, createdAt: s.createdAt.toISOString() }),
      ),
    }),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asc, lt } from 'drizzle-orm';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { BACKOFFICE_MESSAGES, captchaChallengeSchema, envelope, newsletterBodySchema } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { captchaSpent, newsletterSubscribers } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

const tags = ['newsletter'];
const CAPTCHA_MINUTES = 10;
/** Upper bound of the proof-of-work search: about a second in a browser on a modest phone. */
const CAPTCHA_MAX_NUMBER = 100_000;

/** Checks a solved captcha once: the signature of a challenge can only be spent one time. */
async function spendCaptcha(ctx: AppContext, key: string, header: string | undefined) {
  if (!header) throw new AppError(400, BACKOFFICE_MESSAGES.captchaRequired, 'VALIDATION');
  let signature: unknown;
  try {
    signature = JSON.parse(Buffer.from(header, 'base64').toString('utf8')).signature;
  } catch {
    signature = undefined;
  }
  if (typeof signature !== 'string' || !(await verifySolution(header, key, true).catch(() => false))) {
    throw new AppError(400, BACKOFFICE_MESSAGES.captchaInvalid, 'VALIDATION');
  }
  await ctx.db.delete(captchaSpent).where(lt(captchaSpent.expiresAt, new Date()));
  const spent = await ctx.db
    .insert(captchaSpent)
    .values({ signature, expiresAt: new Date(Date.now() + CAPTCHA_MINUTES * 60_000) })
    .onConflictDoNothing()
    .returning();
  if (spent.length === 0) throw new AppError(400, BACKOFFICE_MESSAGES.captchaInvalid, 'VALIDATION');
}

export async function newsletterRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const key = ctx.tokens.derive('captcha');

  r.get(
    '/captcha/challenge',
    {
      schema: {
        tags,
        summary: 'A proof-of-work captcha challenge (ALTCHA v1)',
        response: { 200: envelope(captchaChallengeSchema) },
      },
    },
    async () => ({
      payload: await createChallenge({
        hmacKey: key,
        maxNumber: CAPTCHA_MAX_NUMBER,
        expires: new Date(Date.now() + CAPTCHA_MINUTES * 60_000),
      }),
    }),
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
      await spendCaptcha(ctx, key, typeof header === 'string' ? header : undefined);
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

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BACKOFFICE_MESSAGES,
  NEWSLETTER_MESSAGES,
  captchaChallengeSchema,
  errorSchema,
  newsletterBodySchema,
  newsletterConfirmedSchema,
  newsletterSubscriberSchema,
  newsletterTokenSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
import { newCaptchaChallenge, spendCaptcha } from '../../lib/captcha.js';
import { requestLanguage } from '../../lib/request-language.js';
import { presentSubscriber } from './presenter.js';
import { confirmSubscription, listSubscribers, requestSubscription, unsubscribe } from './service.js';

const tags = ['newsletter'];
const doc = routeDocs(tags);

/** The footer's newsletter box with double opt-in: subscribe (captcha), then the mailed confirm and unsubscribe links. */
export async function newsletterRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The mailed tokens are 256-bit random: the limit only keeps a script from hammering the database.
  const linkRateLimit = { max: 30, timeWindow: '1 minute' };

  r.get(
    '/captcha/challenge',
    doc('A proof-of-work captcha challenge (ALTCHA v1)', captchaChallengeSchema),
    async () => ({ payload: await newCaptchaChallenge(ctx) }),
  );

  r.post(
    '/newslettersubscriber',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      ...doc(
        'Subscribe to the newsletter; the solved captcha goes in the captcha-response header. A confirmation link is ' +
          'mailed (in the language of the `locale` cookie or Accept-Language) unless the address is confirmed or was ' +
          'mailed in the last 10 minutes; the answer is the same in every case',
        z.null(),
        { body: newsletterBodySchema, refusals: { 400: errorSchema } },
      ),
    },
    async (req) => {
      const header = req.headers['captcha-response'];
      await spendCaptcha(ctx, typeof header === 'string' ? header : undefined);
      requestSubscription(ctx, { email: req.body.email, isNew: req.body.new, language: requestLanguage(req.headers) });
      return { payload: null, message: BACKOFFICE_MESSAGES.subscribed };
    },
  );

  r.post(
    '/newslettersubscriber/confirm',
    {
      config: { rateLimit: linkRateLimit },
      ...doc(
        'Confirm a subscription with the mailed link (idempotent); answers the token of the unsubscribe link',
        newsletterConfirmedSchema,
        { body: newsletterTokenSchema, refusals: { 400: errorSchema } },
      ),
    },
    async (req) => ({
      payload: await confirmSubscription(ctx, { token: req.body.token }),
      message: NEWSLETTER_MESSAGES.confirmed,
    }),
  );

  r.post(
    '/newslettersubscriber/unsubscribe',
    {
      config: { rateLimit: linkRateLimit },
      ...doc('Remove an address from the newsletter with the mailed unsubscribe link', z.null(), {
        body: newsletterTokenSchema,
        refusals: { 400: errorSchema },
      }),
    },
    async (req) => {
      await unsubscribe(ctx, { token: req.body.token });
      return { payload: null, message: NEWSLETTER_MESSAGES.unsubscribed };
    },
  );

  r.get(
    '/newslettersubscriber',
    doc('The subscribers, confirmed or still waiting for confirmation (staff)', z.array(newsletterSubscriberSchema)),
    async () => ({ payload: (await listSubscribers(ctx)).map(presentSubscriber) }),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PASSWORD_RESET_MESSAGES,
  doneSchema,
  errorSchema,
  passwordForgotSchema,
  passwordResetSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { requestMeta } from '../../lib/request-meta.js';
import { requestPasswordReset, resetPassword } from './service.js';

const tags = ['session'];

/** Forgotten password: a mailed single-use link (/reset?token=…), then a new password. Rate-limited like sign-in. */
export async function passwordRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: ctx.config.rateLimitTokenPerMinute, timeWindow: '1 minute' };

  r.post(
    '/password/forgot',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Mail a reset link; the same answer whether or not the address has an account',
        body: passwordForgotSchema,
        response: { 200: doneSchema, 400: errorSchema },
      },
    },
    async (req) => {
      requestPasswordReset(ctx, { email: req.body.email, meta: requestMeta(req) });
      return { payload: null, message: PASSWORD_RESET_MESSAGES.linkSent };
    },
  );

  r.post(
    '/password/reset',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Choose a new password with a mailed link; ends every session of the user',
        body: passwordResetSchema,
        response: { 200: doneSchema, 400: errorSchema, 403: errorSchema },
      },
    },
    async (req) => {
      await resetPassword(ctx, { token: req.body.token, newPassword: req.body.newPassword, meta: requestMeta(req) });
      return { payload: null, message: PASSWORD_RESET_MESSAGES.done };
    },
  );
}

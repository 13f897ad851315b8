import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { doneSchema, oauthErrorSchema, mfaChallengeSchema, tokenFormSchema, tokenResponseSchema } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { requestMeta } from '../../lib/request-meta.js';
import { badRequest, refusal } from '../../errors.js';
import { actorOf } from '../../auth/authorize.js';
import { completeSignIn, revokeSession, startSignIn } from './service.js';
import { refreshSession } from './refresh.js';
import { writeAudit } from '../logs/service.js';
import { registerAccountMailListeners } from './listeners.js';
import { basicClientCredentials, noStore, oauthErrorHandler } from './oauth-errors.js';

/**
 * The client authenticates with HTTP Basic (client_secret_basic, what the web app sends) or with client_id and
 * client_secret in the form (client_secret_post); one method per request, as the RFC requires.
 */
function checkClient(ctx: AppContext, req: FastifyRequest, form: { client_id?: string; client_secret?: string }) {
  const inForm = form.client_id !== undefined || form.client_secret !== undefined;
  if (req.headers.authorization !== undefined && inForm) throw refusal('INVALID_CLIENT');
  const client = inForm
    ? { id: form.client_id ?? '', secret: form.client_secret ?? '' }
    : basicClientCredentials(req.headers.authorization);
  const { id, secret } = ctx.config.oauthClient;
  if (!client || !sameSecret(client.id, id) || !sameSecret(client.secret, secret)) throw refusal('INVALID_CLIENT');
}

/** Compares in constant time, so the answer's timing does not tell how much of a guessed secret was right. */
function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

function required(value: string | undefined, name: string): string {
  if (!value) throw badRequest(`${name} is required`);
  return value;
}

export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerAccountMailListeners(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/oauth/token',
    {
      config: { rateLimit: { max: ctx.config.rateLimitTokenPerMinute, timeWindow: '1 minute' } },
      // RFC 6749: refusals carry `error` and `error_description` (and the portal's code); nothing is kept.
      errorHandler: oauthErrorHandler,
      onSend: noStore,
      schema: {
        tags: ['session'],
        summary: 'Sign in (two steps, grant_type=mfa) or rotate a refresh token (grant_type=refresh_token)',
        consumes: ['application/x-www-form-urlencoded'],
        body: tokenFormSchema,
        response: {
          200: z.union([mfaChallengeSchema, tokenResponseSchema]),
          400: oauthErrorSchema,
          401: oauthErrorSchema,
          429: oauthErrorSchema,
        },
      },
    },
    async (req) => {
      const form = req.body;
      checkClient(ctx, req, form);
      const meta = requestMeta(req);
      const grant = required(form.grant_type, 'grant_type');
      if (grant === 'refresh_token') {
        return refreshSession(ctx, { refreshToken: required(form.refresh_token, 'refresh_token'), meta });
      }
      if (grant !== 'mfa') throw refusal('UNSUPPORTED_GRANT_TYPE');
      if (form.mfa_token !== undefined) {
        return completeSignIn(ctx, {
          mfaToken: required(form.mfa_token, 'mfa_token'),
          code: required(form.code, 'code'),
          device: form.device || undefined,
          meta,
        });
      }
      return startSignIn(ctx, {
        username: required(form.username, 'username'),
        password: required(form.password, 'password'),
        device: form.device || undefined,
        captcha: form.captcha || undefined,
        meta,
      });
    },
  );

  r.post(
    '/log/logout',
    {
      schema: {
        tags: ['session'],
        summary: 'Sign out: revokes the session and its tokens',
        response: { 200: doneSchema },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await revokeSession(ctx, { sessionId: actor.sessionId, userId: actor.id, reason: 'logout' });
      await writeAudit(ctx.db, { action: 'LOGOUT', logUser: actor.email, meta: requestMeta(req) });
      return { payload: null, message: 'Logged out' };
    },
  );
}

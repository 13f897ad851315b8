import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES, errorSchema, mfaChallengeSchema, tokenResponseSchema } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { requestMeta } from '../../lib/request-meta.js';
import { AppError, badRequest } from '../../errors.js';
import { actorOf } from '../../auth/authorize.js';
import { completeSignIn, refreshSession, revokeSession, startSignIn } from './service.js';
import { writeAudit } from '../logs/service.js';
import { registerAccountMailListeners } from './listeners.js';

const text = (max: number) => z.string().max(max).optional();
const tokenForm = z.object({
  grant_type: text(64),
  username: text(320),
  password: text(1024),
  mfa_token: text(512),
  code: text(32),
  refresh_token: text(512),
  /** The browser's device id (kept by the web app across sign-ins): a browser its owner signed in from skips the challenge. */
  device: text(128),
  /** A solved proof-of-work challenge (from GET /api/captcha/challenge), asked after failed sign-ins on the address. */
  captcha: text(4096),
});

function checkClient(ctx: AppContext, req: FastifyRequest) {
  const header = req.headers.authorization ?? '';
  const [scheme, encoded] = header.split(' ');
  if (scheme !== 'Basic' || !encoded) throw new AppError(401, MESSAGES.badClient, 'UNAUTHORIZED');
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  const id = decoded.slice(0, separator);
  const secret = decoded.slice(separator + 1);
  if (separator < 0 || id !== ctx.config.oauthClient.id || secret !== ctx.config.oauthClient.secret) {
    throw new AppError(401, MESSAGES.badClient, 'UNAUTHORIZED');
  }
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
      schema: {
        tags: ['session'],
        summary: 'Sign in (two steps, grant_type=mfa) or rotate a refresh token (grant_type=refresh_token)',
        consumes: ['application/x-www-form-urlencoded'],
        body: tokenForm,
        response: {
          200: z.union([mfaChallengeSchema, tokenResponseSchema]),
          400: errorSchema,
          401: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (req) => {
      checkClient(ctx, req);
      const form = req.body;
      const meta = requestMeta(req);
      const grant = required(form.grant_type, 'grant_type');
      if (grant === 'refresh_token') {
        return refreshSession(ctx, { refreshToken: required(form.refresh_token, 'refresh_token'), meta });
      }
      if (grant !== 'mfa') throw badRequest(`Unsupported grant type: ${grant.slice(0, 40)}`);
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
        response: { 200: z.object({ payload: z.null(), message: z.string() }) },
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

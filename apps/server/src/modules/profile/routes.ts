import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  PROFILE_MESSAGES,
  envelope,
  errorSchema,
  focalUserSchema,
  invitationSchema,
  inviteUsersSchema,
  invitedCountSchema,
  offerAccessSchema,
  passwordChangeSchema,
  profileLanguageSchema,
  profileSchema,
  profileUpdateSchema,
  registerSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../auth/authorize.js';
import { requestMeta } from '../../lib/request-meta.js';
import { changePassword, setProfileLanguage, updateProfile } from './account.js';
import { acceptInvitation, describeInvitation, inviteUsers, listFocalUsers } from './invitations.js';
import { cancelInvitation, resendInvitation } from './pending-invitations.js';
import { getProfile, offerAccess } from './service.js';

const tags = ['profile'];
const done = envelope(z.null());

export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/profile/current',
    { schema: { tags, summary: 'The signed-in user', response: { 200: envelope(profileSchema) } } },
    async (req) => ({
      payload: await getProfile(ctx, { userId: actorOf(req).id }),
    }),
  );

  r.put(
    '/profile',
    {
      schema: {
        tags,
        summary: "Update one's own profile (and password, from password management)",
        body: profileUpdateSchema,
        response: { 200: envelope(profileSchema) },
      },
    },
    async (req) => {
      const { profile, message } = await updateProfile(ctx, {
        actor: actorOf(req),
        body: req.body,
        meta: requestMeta(req),
      });
      return { payload: profile, message };
    },
  );

  r.put(
    '/profile/language',
    {
      schema: {
        tags,
        summary: 'Keep the interface language (en, fr or ar) on the profile, for mails and notifications',
        body: profileLanguageSchema,
        response: { 200: envelope(profileSchema), 400: errorSchema },
      },
    },
    async (req) => ({
      payload: await setProfileLanguage(ctx, { actor: actorOf(req), language: req.body.language }),
    }),
  );

  r.post(
    '/profile/reset',
    {
      schema: {
        tags,
        summary: 'Change the password knowing the current one; ends every session',
        body: passwordChangeSchema,
        response: { 200: done },
      },
    },
    async (req) => {
      await changePassword(ctx, { actor: actorOf(req), body: req.body, meta: requestMeta(req) });
      return { payload: null, message: MESSAGES.passwordChanged };
    },
  );

  r.post(
    '/profile/invite',
    {
      schema: {
        tags,
        summary: 'Invite users (chief negotiator: focal points of his country)',
        body: inviteUsersSchema,
        response: { 200: envelope(invitedCountSchema) },
      },
    },
    async (req) => ({
      payload: { invited: await inviteUsers(ctx, { actor: actorOf(req), invitees: req.body, meta: requestMeta(req) }) },
      message: PROFILE_MESSAGES.usersInvited,
    }),
  );

  r.post(
    '/profile/invitations/:userId/resend',
    {
      schema: {
        tags,
        summary: 'Send a pending invitation again with a new link (the previous one stops working)',
        params: z.object({ userId: z.string().max(64) }),
        response: { 200: done },
      },
    },
    async (req) => {
      await resendInvitation(ctx, { actor: actorOf(req), userId: req.params.userId, meta: requestMeta(req) });
      return { payload: null, message: PROFILE_MESSAGES.invitationResent };
    },
  );

  r.delete(
    '/profile/invitations/:userId',
    {
      schema: {
        tags,
        summary: 'Cancel a pending invitation: the link stops working and the address may be invited again',
        params: z.object({ userId: z.string().max(64) }),
        response: { 200: done },
      },
    },
    async (req) => {
      await cancelInvitation(ctx, { actor: actorOf(req), userId: req.params.userId, meta: requestMeta(req) });
      return { payload: null, message: PROFILE_MESSAGES.invitationCancelled };
    },
  );

  r.get(
    '/profile/focal',
    {
      schema: {
        tags,
        summary: 'Focal users a chief negotiator manages (the secretariat: all country users)',
        response: { 200: envelope(z.array(focalUserSchema)) },
      },
    },
    async (req) => ({
      payload: await listFocalUsers(ctx, { actor: actorOf(req) }),
    }),
  );

  r.get(
    '/profile/check/offer/access',
    {
      schema: {
        tags,
        summary: 'Whether the user can create or submit an offer, and their country offer',
        response: {
          200: envelope(offerAccessSchema),
        },
      },
    },
    async (req) => ({ payload: await offerAccess(ctx, { actor: actorOf(req) }) }),
  );

  r.get(
    '/profile/invitation',
    {
      schema: {
        tags,
        summary: 'Who an invitation link is for',
        querystring: z.object({ token: z.string().max(200) }),
        response: {
          200: envelope(invitationSchema),
        },
      },
    },
    async (req) => ({ payload: await describeInvitation(ctx, { token: req.query.token }) }),
  );

  r.post(
    '/profile/register',
    {
      config: { rateLimit: { max: ctx.config.rateLimitTokenPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Accept an invitation: choose a password',
        body: registerSchema,
        response: { 200: done },
      },
    },
    async (req) => {
      await acceptInvitation(ctx, {
        token: req.body.token,
        password: req.body.password,
        phoneNumber: req.body.phoneNumber,
        meta: requestMeta(req),
      });
      return { payload: null, message: PROFILE_MESSAGES.registered };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  PROFILE_MESSAGES,
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
import { routeDocs } from '../../lib/route-doc.js';
import { actorOf, callerOf } from '../../auth/authorize.js';
import { requestMeta } from '../../lib/request-meta.js';
import { changePassword, setProfileLanguage, updateProfile } from './account.js';
import { acceptInvitation, describeInvitation, inviteUsers, listFocalUsers } from './invitations.js';
import { cancelInvitation, resendInvitation } from './pending-invitations.js';
import { getProfile, offerAccess } from './service.js';

const tags = ['profile'];
const doc = routeDocs(tags);
/** A pending invitation, named by the user it was sent to. */
const invitationParams = z.object({ userId: z.string().max(64) });

export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/profile/current', doc('The signed-in user', profileSchema), async (req) => ({
    payload: await getProfile(ctx, { userId: actorOf(req).id }),
  }));

  r.put(
    '/profile',
    doc("Update one's own profile (and password, from password management)", profileSchema, {
      body: profileUpdateSchema,
    }),
    async (req) => {
      const { profile, message } = await updateProfile(ctx, { ...callerOf(req), body: req.body });
      return { payload: profile, message };
    },
  );

  r.put(
    '/profile/language',
    doc('Keep the interface language (en, fr or ar) on the profile, for mails and notifications', profileSchema, {
      body: profileLanguageSchema,
      refusals: { 400: errorSchema },
    }),
    async (req) => ({
      payload: await setProfileLanguage(ctx, { actor: actorOf(req), language: req.body.language }),
    }),
  );

  r.post(
    '/profile/reset',
    doc('Change the password knowing the current one; ends every session', z.null(), { body: passwordChangeSchema }),
    async (req) => {
      await changePassword(ctx, { ...callerOf(req), body: req.body });
      return { payload: null, message: MESSAGES.passwordChanged };
    },
  );

  r.post(
    '/profile/invite',
    doc('Invite users (chief negotiator: focal points of his country)', invitedCountSchema, {
      body: inviteUsersSchema,
    }),
    async (req) => ({
      payload: { invited: await inviteUsers(ctx, { ...callerOf(req), invitees: req.body }) },
      message: PROFILE_MESSAGES.usersInvited,
    }),
  );

  r.post(
    '/profile/invitations/:userId/resend',
    doc('Send a pending invitation again with a new link (the previous one stops working)', z.null(), {
      params: invitationParams,
    }),
    async (req) => {
      await resendInvitation(ctx, { ...callerOf(req), userId: req.params.userId });
      return { payload: null, message: PROFILE_MESSAGES.invitationResent };
    },
  );

  r.delete(
    '/profile/invitations/:userId',
    doc('Cancel a pending invitation: the link stops working and the address may be invited again', z.null(), {
      params: invitationParams,
    }),
    async (req) => {
      await cancelInvitation(ctx, { ...callerOf(req), userId: req.params.userId });
      return { payload: null, message: PROFILE_MESSAGES.invitationCancelled };
    },
  );

  r.get(
    '/profile/focal',
    doc('Focal users a chief negotiator manages (the secretariat: all country users)', z.array(focalUserSchema)),
    async (req) => ({
      payload: await listFocalUsers(ctx, { actor: actorOf(req) }),
    }),
  );

  r.get(
    '/profile/check/offer/access',
    doc('Whether the user can create or submit an offer, and their country offer', offerAccessSchema),
    async (req) => ({ payload: await offerAccess(ctx, { actor: actorOf(req) }) }),
  );

  r.get(
    '/profile/invitation',
    doc('Who an invitation link is for', invitationSchema, { querystring: z.object({ token: z.string().max(200) }) }),
    async (req) => ({ payload: await describeInvitation(ctx, { token: req.query.token }) }),
  );

  r.post(
    '/profile/register',
    {
      config: { rateLimit: { max: ctx.config.rateLimitTokenPerMinute, timeWindow: '1 minute' } },
      ...doc('Accept an invitation: choose a password', z.null(), { body: registerSchema }),
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

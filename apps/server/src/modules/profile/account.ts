import { and, eq, isNull, ne } from 'drizzle-orm';
import { MESSAGES, PROFILE_MESSAGES, type PasswordChange, type Profile, type ProfileUpdate } from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import { sessions, users } from '../../db/schema/index.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { writeAudit } from '../logs/service.js';
import { getProfile } from './service.js';

/** Updates one's own details, and the password when given (password-management screen). */
export async function updateProfile(
  ctx: AppContext,
  { actor, body, meta }: { actor: Actor; body: ProfileUpdate & { email: string; firstName: string; lastName: string }; meta: RequestMeta },
): Promise<{ profile: Profile; message: string }> {
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.email, body.email), ne(users.id, actor.id)));
  if (taken) throw conflict(PROFILE_MESSAGES.emailTaken);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        ...(body.titlePrefix !== undefined ? { titlePrefix: body.titlePrefix } : {}),
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.language ? { language: body.language } : {}),
        ...(body.phoneNumber !== undefined ? { phoneNumber: body.phoneNumber } : {}),
        ...(body.whatsappNumber !== undefined ? { whatsappNumber: body.whatsappNumber } : {}),
        ...(body.accreditationDetails !== undefined ? { accreditationDetails: body.accreditationDetails } : {}),
        ...(passwordHash ? { passwordHash } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, actor.id));
    await writeAudit(tx, {
      action: passwordHash ? 'PASSWORD_UPDATED' : 'PROFILE_UPDATED',
      logUser: actor.email,
      targetUser: body.email,
      value: { emailChanged: body.email !== actor.email },
      meta,
    });
  });
  return { profile: await getProfile(ctx, { userId: actor.id }), message: passwordHash ? PROFILE_MESSAGES.passwordUpdated : PROFILE_MESSAGES.profileUpdated };
}

/** Changes one's password knowing the current one, then ends every session of the user (spec: logged out). */
export async function changePassword(ctx: AppContext, { actor, body, meta }: { actor: Actor; body: PasswordChange; meta: RequestMeta }) {
  const [user] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.id));
  if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
    await writeAudit(ctx.db, { action: 'PASSWORD_CHANGE_FAILED', logUser: actor.email, meta });
    throw badRequest(MESSAGES.invalidCurrentPassword);
  }
  if (body.oldPassword === body.newPassword) throw new AppError(400, 'The new password must differ from the current one.', 'VALIDATION');
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, actor.id));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'password changed' })
      .where(and(eq(sessions.userId, actor.id), isNull(sessions.revokedAt)));
    await writeAudit(tx, { action: 'PASSWORD_CHANGED', logUser: actor.email, meta });
  });
  ctx.events.emit('session.revoked', { userId: actor.id, sessionId: actor.sessionId, reason: 'password changed' });
}

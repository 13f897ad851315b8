import { and, eq, isNull, ne } from 'drizzle-orm';
import {
  PROFILE_LANGUAGES,
  PROFILE_MESSAGES,
  type PasswordChange,
  type Profile,
  type ProfileUpdate,
} from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import { sessions, users } from '../../db/schema/index.js';
import { nameColumns } from '../../db/columns.js';
import { refusal } from '../../errors.js';
import { only } from '../../lib/only.js';
import type { Tx } from '../../db/client.js';
import { assertStrongPassword, hashPassword } from '../../auth/passwords.js';
import { verifyCurrentPassword } from '../auth/service.js';
import { writeAudit } from '../logs/service.js';
import { getProfile } from './service.js';

/**
 * Updates one's own details, and the password when given (password-management screen). A new email address
 * (where sign-in codes go) or a new password is taken only with the current password, under the sign-in
 * lockout: a stolen session alone cannot take the account. A new password ends the user's other sessions.
 */
export async function updateProfile(
  ctx: AppContext,
  {
    actor,
    body,
    meta,
  }: { actor: Actor; body: ProfileUpdate & { email: string; firstName: string; lastName: string }; meta: RequestMeta },
): Promise<{ profile: Profile; message: string }> {
  const current = only(await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, actor.id)));
  const emailChanged = body.email.toLowerCase() !== current.email.toLowerCase();
  if (emailChanged || body.password !== undefined) {
    // Checked before the address is looked up, so that a session alone cannot probe which addresses are taken.
    await verifyCurrentPassword(ctx, {
      userId: actor.id,
      sessionId: actor.sessionId,
      email: actor.email,
      password: body.oldPassword,
      action: body.password !== undefined ? 'PASSWORD_CHANGE_FAILED' : 'EMAIL_CHANGE_REFUSED',
      meta,
    });
  }
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, body.email), ne(users.id, actor.id)));
  if (taken) throw refusal('EMAIL_TAKEN');
  if (body.password) await assertStrongPassword(ctx, body.password, { ...body, countryId: actor.countryId });
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  let ended: string[] = [];
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
    if (passwordHash) ended = await endOtherSessions(tx, actor, 'password changed');
    await writeAudit(tx, {
      action: passwordHash ? 'PASSWORD_UPDATED' : 'PROFILE_UPDATED',
      logUser: actor.email,
      targetUser: body.email,
      value: { emailChanged: body.email !== actor.email, ...(passwordHash ? { sessionsEnded: ended.length } : {}) },
      meta,
    });
  });
  for (const sessionId of ended)
    ctx.events.emit('session.revoked', { userId: actor.id, sessionId, reason: 'password changed' });
  // The signed-in check remembers the email and language of the user's sessions: they are read afresh.
  ctx.events.emit('user.accessChanged', { userId: actor.id, reason: 'profile updated' });
  if (passwordHash) ctx.events.emit('user.passwordChanged', { userId: actor.id });
  return {
    profile: await getProfile(ctx, { userId: actor.id }),
    message: passwordHash ? PROFILE_MESSAGES.passwordUpdated : PROFILE_MESSAGES.profileUpdated,
  };
}

/**
 * Keeps the interface language the user picked in the header on their profile, so mails and notifications written
 * for them from now on use it. Not audited: it is a display preference, like the theme of a browser.
 */
export async function setProfileLanguage(
  ctx: AppContext,
  { actor, language }: { actor: Actor; language: string },
): Promise<Profile> {
  if (!(PROFILE_LANGUAGES as readonly string[]).includes(language)) throw refusal('LANGUAGE_UNSUPPORTED');
  await ctx.db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, actor.id));
  // The signed-in check remembers the language of the user's sessions (mails they send use it): read it afresh.
  ctx.events.emit('user.accessChanged', { userId: actor.id, reason: 'language changed' });
  return getProfile(ctx, { userId: actor.id });
}

/** Changes one's password knowing the current one (wrong guesses end the session), then ends every session of the user (spec: logged out). */
export async function changePassword(
  ctx: AppContext,
  { actor, body, meta }: { actor: Actor; body: PasswordChange; meta: RequestMeta },
) {
  await verifyCurrentPassword(ctx, {
    userId: actor.id,
    sessionId: actor.sessionId,
    email: actor.email,
    password: body.oldPassword,
    action: 'PASSWORD_CHANGE_FAILED',
    meta,
  });
  if (body.oldPassword === body.newPassword) throw refusal('PASSWORD_SAME_AS_CURRENT');
  const [me] = await ctx.db
    .select({ email: users.email, ...nameColumns(users), countryId: users.countryId })
    .from(users)
    .where(eq(users.id, actor.id));
  await assertStrongPassword(ctx, body.newPassword, me ?? { email: actor.email, countryId: actor.countryId });
  const passwordHash = await hashPassword(body.newPassword);
  const ended = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, actor.id));
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'password changed' })
      .where(and(eq(sessions.userId, actor.id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await writeAudit(tx, { action: 'PASSWORD_CHANGED', logUser: actor.email, meta });
    return revoked.map((row) => row.id);
  });
  for (const sessionId of ended)
    ctx.events.emit('session.revoked', { userId: actor.id, sessionId, reason: 'password changed' });
  ctx.events.emit('user.passwordChanged', { userId: actor.id });
}

/** Revokes every open session of the user but the actor's own (their refresh tokens stop with them); returns their ids. */
async function endOtherSessions(tx: Tx, actor: Actor, reason: string): Promise<string[]> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, actor.id), ne(sessions.id, actor.sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.map((row) => row.id);
}

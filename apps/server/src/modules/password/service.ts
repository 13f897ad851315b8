import { and, eq, gt, isNull } from 'drizzle-orm';
import { PASSWORD_RESET_MINUTES } from '@portal/shared';
import type { AppContext, RequestMeta } from '../../context.js';
import { countries, passwordResets, sessions, users } from '../../db/schema/index.js';
import { refusal, firstOr404 } from '../../errors.js';
import { assertStrongPassword, hashPassword } from '../../auth/passwords.js';
import { hashToken, randomToken } from '../../auth/tokens.js';
import { writeAudit } from '../logs/service.js';
import { resetMail } from './mail-texts.js';
import { forgetSignInFailures } from '../auth/throttle.js';

type User = typeof users.$inferSelect;

/** Only an active account of an active country (or of the secretariat) may reset its password. */
async function mayReset(ctx: AppContext, user: User): Promise<boolean> {
  if (user.status !== 'ACTIVE') return false;
  if (user.countryId === null) return true;
  const [country] = await ctx.db
    .select({ active: countries.active })
    .from(countries)
    .where(eq(countries.id, user.countryId));
  return country?.active !== false;
}

/** No new link is mailed to the same account within this time, whatever the number of requests. */
const PASSWORD_RESET_COOLDOWN_MS = 2 * 60_000;

/**
 * Forgotten password, step 1. Returns at once: the caller answers the same neutral message in every case, and the
 * lookup, the link and the mail all happen after the answer, so neither the text nor the time taken tells whether
 * the address has an account.
 */
export function requestPasswordReset(ctx: AppContext, { email, meta }: { email: string; meta: RequestMeta }): void {
  setImmediate(() => {
    mailResetLink(ctx, { email, meta }).catch((err: unknown) =>
      ctx.log.error({ err }, 'password reset request failed'),
    );
  });
}

/**
 * Mails a single-use link to /reset when the address is an account allowed to use the portal and no link was
 * issued to it in the last PASSWORD_RESET_COOLDOWN_MS. An unknown address leaves no audit row (anyone may call
 * this, and the log would fill with guesses); a known one leaves one per request that issues or refuses a link.
 */
async function mailResetLink(ctx: AppContext, { email, meta }: { email: string; meta: RequestMeta }): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) return;
  if (!(await mayReset(ctx, user))) {
    await writeAudit(ctx.db, {
      action: 'PASSWORD_RESET_REFUSED',
      logUser: email,
      value: { reason: 'user or country not active' },
      meta,
    });
    return;
  }
  const token = randomToken();
  const issued = await ctx.db.transaction(async (tx) => {
    // One request per account at a time, so two at once cannot both pass the cooldown.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [recent] = await tx
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.userId, user.id),
          gt(passwordResets.createdAt, new Date(Date.now() - PASSWORD_RESET_COOLDOWN_MS)),
        ),
      )
      .limit(1);
    if (recent) return false;
    // Only the newest link works: earlier ones become void.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000),
    });
    await writeAudit(tx, { action: 'PASSWORD_RESET_REQUESTED', logUser: user.email, meta });
    return true;
  });
  if (!issued) return;
  const link = `${ctx.config.publicUrl.replace(/\/$/, '')}/reset?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({ to: user.email, ...resetMail(user.language, user.firstName, link, PASSWORD_RESET_MINUTES) });
}

/**
 * Forgotten password, step 2: redeems the link once, sets the new password, forgets the failed sign-ins on the
 * address and ends every session of the user (their refresh tokens stop working with them).
 */
export async function resetPassword(
  ctx: AppContext,
  { token, newPassword, meta }: { token: string; newPassword: string; meta: RequestMeta },
): Promise<void> {
  const found = await firstOr404(
    ctx.db
      .select({ reset: passwordResets, user: users })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .limit(1),
    () => refusal('PASSWORD_RESET_INVALID_LINK'),
  );
  const { reset, user } = found;
  if (!(await mayReset(ctx, user))) {
    await writeAudit(ctx.db, {
      action: 'PASSWORD_RESET_REFUSED',
      logUser: user.email,
      value: { reason: 'user or country not active' },
      meta,
    });
    throw refusal('ACCOUNT_DISABLED');
  }
  await assertStrongPassword(ctx, newPassword, user);
  const passwordHash = await hashPassword(newPassword);
  const revoked = await ctx.db.transaction(async (tx) => {
    // Redeem atomically: of two concurrent uses of one link, only one sets a password.
    const redeemed = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (redeemed.length === 0) throw refusal('PASSWORD_RESET_INVALID_LINK');
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'password reset' })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await writeAudit(tx, {
      action: 'PASSWORD_RESET',
      logUser: user.email,
      value: { sessionsEnded: ended.length },
      meta,
    });
    return ended;
  });
  await forgetSignInFailures(ctx, user.email);
  for (const session of revoked)
    ctx.events.emit('session.revoked', { userId: user.id, sessionId: session.id, reason: 'password reset' });
  ctx.events.emit('user.passwordChanged', { userId: user.id });
}

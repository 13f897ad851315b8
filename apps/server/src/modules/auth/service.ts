import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type AuditAction, type MfaChallenge, type Role, type TokenResponse } from '@portal/shared';
import type { AppContext, RequestMeta } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { countries, mfaChallenges, refreshTokens, sessions, users } from '../../db/schema/index.js';
import { unauthorized, refusal, firstOr404 } from '../../errors.js';
import { only } from '../../lib/only.js';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords.js';
import { hashToken, randomToken } from '../../auth/tokens.js';
import { writeAudit } from '../logs/service.js';
import { checkSignInThrottle, recordSessionPasswordFailure, recordSignInFailure, rememberSignIn } from './throttle.js';
import { codeMail } from './mail-texts.js';

/** Wrong code attempts a single challenge allows before it is spent. */
const MAX_CODE_ATTEMPTS = 5;

const badCredentials = () => refusal('BAD_CREDENTIALS');
const badCode = () => refusal('BAD_CODE');
const disabled = () => refusal('ACCOUNT_DISABLED');

function codeHash(challengeTokenHash: string, code: string): string {
  return crypto.createHmac('sha256', challengeTokenHash).update(code).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Checks the current password a signed-in user gives to change a password or the sign-in email. A missing or wrong
 * password is 400 with the spec's 'Invalid Current Password' text, audited as `action`; after
 * CURRENT_PASSWORD_MAX_FAILURES wrong ones the session is signed out (401), so a stolen session cannot guess at will,
 * while the owner's account is never locked.
 */
export async function verifyCurrentPassword(
  ctx: AppContext,
  {
    userId,
    sessionId,
    email,
    password,
    action,
    meta,
  }: {
    userId: string;
    sessionId: string;
    email: string;
    password: string | undefined;
    action: AuditAction;
    meta: RequestMeta;
  },
): Promise<void> {
  const [user] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized();
  if (password && (await verifyPassword(user.passwordHash, password))) return;
  await writeAudit(ctx.db, {
    action,
    logUser: email,
    value: { reason: password ? 'wrong password' : 'no password' },
    meta,
  });
  if (await recordSessionPasswordFailure(ctx, sessionId)) {
    await revokeSession(ctx, { sessionId, userId, reason: 'too many wrong current passwords' });
    throw unauthorized();
  }
  throw refusal('INVALID_CURRENT_PASSWORD');
}

/** An active account whose country (if any) is active: the only kind that may sign in or refresh. */
export async function mayUsePortal(
  ctx: AppContext,
  user: { status: string; countryId: number | null },
): Promise<boolean> {
  if (user.status !== 'ACTIVE') return false;
  if (user.countryId === null) return true;
  const [country] = await ctx.db
    .select({ active: countries.active })
    .from(countries)
    .where(eq(countries.id, user.countryId));
  return country?.active !== false;
}

/** Step 1 of sign-in: checks the password (under the throttling of throttle.ts) and mails a one-time code. */
export async function startSignIn(
  ctx: AppContext,
  {
    username,
    password,
    device,
    captcha,
    meta,
  }: { username: string; password: string; device?: string; captcha?: string; meta: RequestMeta },
): Promise<MfaChallenge> {
  const email = username.trim().toLowerCase();
  const source = { email, ip: meta.ip, device, captcha };
  await checkSignInThrottle(ctx, source);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  // An unknown address costs a password check too, and is counted like a wrong password: same answer, same time.
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, password)
    : (await verifyAgainstDummy(password), false);
  if (!user || !passwordOk) {
    await writeAudit(ctx.db, {
      action: 'LOGIN_FAILED',
      logUser: email,
      value: { reason: user ? 'wrong password' : 'unknown user' },
      meta,
    });
    await recordSignInFailure(ctx, source, user ?? null);
    throw badCredentials();
  }
  if (!(await mayUsePortal(ctx, user))) throw disabled();

  const mfaToken = randomToken();
  const tokenHash = hashToken(mfaToken);
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  await ctx.db.insert(mfaChallenges).values({
    userId: user.id,
    tokenHash,
    codeHash: codeHash(tokenHash, code),
    expiresAt: new Date(Date.now() + ctx.config.mfaCodeTtlSeconds * 1000),
  });
  const mail = codeMail(user.language, code, Math.round(ctx.config.mfaCodeTtlSeconds / 60));
  await ctx.mailer.send({ to: user.email, ...mail });
  return { mfa_required: true, mfa_token: mfaToken };
}

export async function issueTokens(
  ctx: AppContext,
  tx: Tx,
  user: { id: string; role: Role },
  sessionId: string,
): Promise<TokenResponse> {
  const refreshToken = randomToken();
  await tx.insert(refreshTokens).values({
    sessionId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + ctx.config.refreshTokenTtlDays * 86_400_000),
  });
  const accessToken = await ctx.tokens.sign({ userId: user.id, role: user.role, sessionId });
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    expires_in: ctx.tokens.expiresIn,
    token_type: 'Bearer',
  };
}

/** Step 2 of sign-in: redeems the one-time code once and opens a session. */
export async function completeSignIn(
  ctx: AppContext,
  { mfaToken, code, device, meta }: { mfaToken: string; code: string; device?: string; meta: RequestMeta },
): Promise<TokenResponse> {
  const tokenHash = hashToken(mfaToken);
  const found = await firstOr404(
    ctx.db
      .select({ challenge: mfaChallenges, user: users })
      .from(mfaChallenges)
      .innerJoin(users, eq(users.id, mfaChallenges.userId))
      .where(
        and(
          eq(mfaChallenges.tokenHash, tokenHash),
          isNull(mfaChallenges.usedAt),
          gt(mfaChallenges.expiresAt, new Date()),
        ),
      )
      .limit(1),
    () => badCode(),
  );
  const { challenge, user } = found;
  if (!(await mayUsePortal(ctx, user))) throw disabled();

  if (!sameHash(challenge.codeHash, codeHash(tokenHash, code.trim()))) {
    await ctx.db
      .update(mfaChallenges)
      .set({
        attempts: sql`${mfaChallenges.attempts} + 1`,
        usedAt: challenge.attempts + 1 >= MAX_CODE_ATTEMPTS ? new Date() : null,
      })
      .where(eq(mfaChallenges.id, challenge.id));
    await writeAudit(ctx.db, { action: 'LOGIN_FAILED', logUser: user.email, value: { reason: 'wrong code' }, meta });
    await recordSignInFailure(ctx, { email: user.email, ip: meta.ip }, user);
    throw badCode();
  }

  const result = await ctx.db.transaction(async (tx) => {
    // Redeem atomically: of two concurrent requests with the right code, only one gets a session.
    const redeemed = await tx
      .update(mfaChallenges)
      .set({ usedAt: new Date() })
      .where(and(eq(mfaChallenges.id, challenge.id), isNull(mfaChallenges.usedAt)))
      .returning({ id: mfaChallenges.id });
    if (redeemed.length === 0) throw badCode();
    const session = only(
      await tx.insert(sessions).values({ userId: user.id, clientName: meta.clientName }).returning(),
    );
    await writeAudit(tx, { action: 'LOGIN', logUser: user.email, meta });
    return { tokens: await issueTokens(ctx, tx, user, session.id), sessionId: session.id };
  });
  await rememberSignIn(ctx, { email: user.email, userId: user.id, device });
  ctx.events.emit('user.signedIn', { userId: user.id, sessionId: result.sessionId });
  return result.tokens;
}

/** Ends a session: every refresh token of its family stops working, and so do its access tokens. */
export async function revokeSession(
  ctx: AppContext,
  { sessionId, userId, reason }: { sessionId: string; userId: string; reason: string },
) {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  ctx.events.emit('session.revoked', { userId, sessionId, reason });
}

import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MESSAGES, type MfaChallenge, type Role, type TokenResponse } from '@portal/shared';
import type { AppContext, RequestMeta } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { countries, mfaChallenges, refreshTokens, sessions, users } from '../../db/schema/index.js';
import { AppError, badRequest, unauthorized } from '../../errors.js';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords.js';
import { hashToken, randomToken } from '../../auth/tokens.js';
import { writeAudit } from '../logs/service.js';
import { codeMail } from './mail-texts.js';

/** Wrong code attempts a single challenge allows before it is spent. */
const MAX_CODE_ATTEMPTS = 5;

const badCredentials = () => new AppError(401, MESSAGES.badCredentials, 'UNAUTHORIZED');
const badCode = () => new AppError(401, MESSAGES.badCode, 'UNAUTHORIZED');
const locked = () => new AppError(423, MESSAGES.accountLocked, 'LOCKED');
const disabled = () => new AppError(403, MESSAGES.accountDisabled, 'FORBIDDEN');

function codeHash(challengeTokenHash: string, code: string): string {
  return crypto.createHmac('sha256', challengeTokenHash).update(code).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Counts a failed attempt against the user and locks the account when the limit is reached.
 * Returns true when this failure locked it.
 */
async function recordFailure(
  ctx: AppContext,
  userId: string,
  email: string,
  meta: RequestMeta,
  reason: string,
  action = 'LOGIN_FAILED',
) {
  const [row] = await ctx.db
    .update(users)
    .set({ failedLogins: sql`${users.failedLogins} + 1` })
    .where(eq(users.id, userId))
    .returning({ failedLogins: users.failedLogins });
  const lockNow = (row?.failedLogins ?? 0) >= ctx.config.loginMaxFailures;
  await ctx.db.transaction(async (tx) => {
    await writeAudit(tx, { action, logUser: email, value: { reason }, meta });
    if (lockNow) {
      const until = new Date(Date.now() + ctx.config.lockMinutes * 60_000);
      await tx.update(users).set({ lockedUntil: until, failedLogins: 0 }).where(eq(users.id, userId));
      await writeAudit(tx, { action: 'ACCOUNT_LOCKED', logUser: email, value: { until: until.toISOString() }, meta });
      ctx.events.emit('user.locked', { userId, until });
    }
  });
  return lockNow;
}

const isLocked = (lockedUntil: Date | null) => lockedUntil !== null && lockedUntil.getTime() > Date.now();

/**
 * Checks the current password a signed-in user gives to change a password or the sign-in email, under the
 * sign-in lockout: a locked account is refused (423), and a wrong password counts as a failed sign-in
 * (LOGIN_MAX_FAILURES of them lock the account for LOCK_MINUTES), so a stolen session cannot guess it at will.
 * A missing or wrong password is 400 with the spec's 'Invalid Current Password' text, audited as `action`.
 */
export async function verifyCurrentPassword(
  ctx: AppContext,
  {
    userId,
    email,
    password,
    action,
    meta,
  }: { userId: string; email: string; password: string | undefined; action: string; meta: RequestMeta },
): Promise<void> {
  const [user] = await ctx.db
    .select({ passwordHash: users.passwordHash, lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || isLocked(user.lockedUntil)) throw locked();
  if (!password) {
    await writeAudit(ctx.db, { action, logUser: email, value: { reason: 'no password' }, meta });
    throw badRequest(MESSAGES.invalidCurrentPassword);
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    if (await recordFailure(ctx, userId, email, meta, 'wrong password', action)) throw locked();
    throw badRequest(MESSAGES.invalidCurrentPassword);
  }
}

/** An active account whose country (if any) is active: the only kind that may sign in or refresh. */
async function mayUsePortal(ctx: AppContext, user: { status: string; countryId: number | null }): Promise<boolean> {
  if (user.status !== 'ACTIVE') return false;
  if (user.countryId === null) return true;
  const [country] = await ctx.db
    .select({ active: countries.active })
    .from(countries)
    .where(eq(countries.id, user.countryId));
  return country?.active !== false;
}

/** Step 1 of sign-in: checks the password and mails a one-time code. */
export async function startSignIn(
  ctx: AppContext,
  { username, password, meta }: { username: string; password: string; meta: RequestMeta },
): Promise<MfaChallenge> {
  const email = username.trim().toLowerCase();
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) {
    await verifyAgainstDummy(password);
    await writeAudit(ctx.db, { action: 'LOGIN_FAILED', logUser: email, value: { reason: 'unknown user' }, meta });
    throw badCredentials();
  }
  if (isLocked(user.lockedUntil)) throw locked();
  if (!(await verifyPassword(user.passwordHash, password))) {
    if (await recordFailure(ctx, user.id, email, meta, 'wrong password')) throw locked();
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

async function issueTokens(
  ctx: AppContext,
  tx: Tx,
  user: { id: string; role: string },
  sessionId: string,
): Promise<TokenResponse> {
  const refreshToken = randomToken();
  await tx.insert(refreshTokens).values({
    sessionId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + ctx.config.refreshTokenTtlDays * 86_400_000),
  });
  const accessToken = await ctx.tokens.sign({ userId: user.id, role: user.role as Role, sessionId });
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
  { mfaToken, code, meta }: { mfaToken: string; code: string; meta: RequestMeta },
): Promise<TokenResponse> {
  const tokenHash = hashToken(mfaToken);
  const [found] = await ctx.db
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
    .limit(1);
  if (!found) throw badCode();
  const { challenge, user } = found;
  if (isLocked(user.lockedUntil)) throw locked();
  if (!(await mayUsePortal(ctx, user))) throw disabled();

  if (!sameHash(challenge.codeHash, codeHash(tokenHash, code.trim()))) {
    await ctx.db
      .update(mfaChallenges)
      .set({
        attempts: sql`${mfaChallenges.attempts} + 1`,
        usedAt: challenge.attempts + 1 >= MAX_CODE_ATTEMPTS ? new Date() : null,
      })
      .where(eq(mfaChallenges.id, challenge.id));
    if (await recordFailure(ctx, user.id, user.email, meta, 'wrong code')) throw locked();
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
    await tx.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
    const [session] = await tx.insert(sessions).values({ userId: user.id, clientName: meta.clientName }).returning();
    await writeAudit(tx, { action: 'LOGIN', logUser: user.email, meta });
    return { tokens: await issueTokens(ctx, tx, user, session.id), sessionId: session.id };
  });
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

/** Rotates a refresh token. Presenting one that was already rotated revokes the whole session. */
export async function refreshSession(
  ctx: AppContext,
  { refreshToken, meta }: { refreshToken: string; meta: RequestMeta },
): Promise<TokenResponse> {
  const [found] = await ctx.db
    .select({ token: refreshTokens, session: sessions, user: users })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
    .limit(1);
  if (!found || found.session.revokedAt) throw unauthorized();
  const { token, session, user } = found;

  if (token.usedAt) {
    await revokeSession(ctx, { sessionId: session.id, userId: user.id, reason: 'refresh token reused' });
    await writeAudit(ctx.db, { action: 'REFRESH_REUSED', logUser: user.email, value: { sessionId: session.id }, meta });
    throw unauthorized();
  }
  if (token.expiresAt.getTime() <= Date.now()) throw unauthorized();
  if (!(await mayUsePortal(ctx, user))) {
    await revokeSession(ctx, { sessionId: session.id, userId: user.id, reason: 'user or country not active' });
    throw unauthorized();
  }

  const tokens = await ctx.db.transaction(async (tx) => {
    const rotated = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (rotated.length === 0) return null;
    return issueTokens(ctx, tx, user, session.id);
  });
  if (!tokens) {
    // Lost a race with another use of the same token: that is a reuse as well.
    await revokeSession(ctx, { sessionId: session.id, userId: user.id, reason: 'refresh token reused' });
    throw unauthorized();
  }
  return tokens;
}

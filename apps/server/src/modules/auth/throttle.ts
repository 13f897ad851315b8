/**
 * Sign-in throttling that an outsider cannot turn against the owner of an account (ASVS 2.2.1):
 * - failed attempts on one address (known or not, so nothing tells which exist) ask for a proof-of-work challenge,
 *   except from a browser the owner has completed a sign-in from;
 * - failed attempts from one client address space its further attempts out, the wait doubling up to a ceiling;
 * - its owner is told by mail when the challenge starts.
 * Nothing locks the account (NIST SP 800-63B 5.2.2: throttle, do not lock): whoever has the right password and solves
 * the challenge reaches the mailed code, the second factor, so no count of a stranger's failures denies the owner.
 */
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ERROR_CATALOGUE } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { knownDevices, signInFailures, users } from '../../db/schema/index.js';
import { AppError, refusal } from '../../errors.js';
import { spendCaptcha } from '../../lib/captcha.js';
import { hashToken } from '../../auth/tokens.js';
import { failedAttemptsMail } from './mail-texts.js';

export interface SignInSource {
  /** The address typed, lower-case. */
  email: string;
  /** The client address (as TRUST_PROXY yields it). */
  ip: string;
  /** The web app's device id, kept in the browser across sign-ins. */
  device?: string;
  /** A solved proof-of-work challenge (ALTCHA payload, base64). */
  captcha?: string;
}

const accountKey = (email: string) => `account:${crypto.createHash('sha256').update(email).digest('hex')}`;
const sourceKey = (ip: string) => `source:${ip}`;
const sessionKey = (sessionId: string) => `session:${sessionId}`;

/** Failures still counted for each key (those older than the window are forgotten). */
async function countedFailures(ctx: AppContext, keys: string[]) {
  const since = Date.now() - ctx.config.signIn.windowMinutes * 60_000;
  const rows = await ctx.db.select().from(signInFailures).where(inArray(signInFailures.key, keys));
  const counted = new Map<string, { failures: number; lastAt: Date }>();
  for (const row of rows) if (row.lastAt.getTime() > since) counted.set(row.key, row);
  return counted;
}

/** Seconds a client address must still wait before its next attempt (0: none). */
function sourceWait(ctx: AppContext, failures: number, lastAt: Date): number {
  const { sourceFreeFailures, sourceMaxDelaySeconds } = ctx.config.signIn;
  if (failures < sourceFreeFailures) return 0;
  const delay = Math.min(2 ** (failures - sourceFreeFailures), sourceMaxDelaySeconds);
  return Math.max(0, Math.ceil((lastAt.getTime() + delay * 1000 - Date.now()) / 1000));
}

async function isKnownDevice(ctx: AppContext, email: string, device: string | undefined): Promise<boolean> {
  // Looked up for any address, so an unknown one costs the same query.
  const rows = await ctx.db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(and(eq(users.email, email), eq(knownDevices.deviceHash, hashToken(device ?? ''))))
    .limit(1);
  return device !== undefined && rows.length > 0;
}

/**
 * Runs before the password is checked: a client address that failed too often waits (429 SIGN_IN_DELAYED with
 * Retry-After); an address that failed too often asks for a solved challenge (400 SIGN_IN_CHALLENGE) unless the
 * browser is one its owner signed in from.
 */
export async function checkSignInThrottle(ctx: AppContext, source: SignInSource): Promise<void> {
  const counted = await countedFailures(ctx, [accountKey(source.email), sourceKey(source.ip)]);
  const fromSource = counted.get(sourceKey(source.ip));
  const wait = fromSource ? sourceWait(ctx, fromSource.failures, fromSource.lastAt) : 0;
  if (wait > 0) throw new AppError(429, ERROR_CATALOGUE.SIGN_IN_DELAYED.message, 'SIGN_IN_DELAYED', wait);
  const onAccount = counted.get(accountKey(source.email))?.failures ?? 0;
  const known = await isKnownDevice(ctx, source.email, source.device);
  if (onAccount < ctx.config.signIn.challengeAfter || known) return;
  if (!source.captcha) throw refusal('SIGN_IN_CHALLENGE');
  await spendCaptcha(ctx, source.captcha);
}

/** Adds one failure to a key (a new window when the last failure is older than the window); answers the count. */
async function addFailure(ctx: AppContext, key: string): Promise<{ failures: number; notifiedAt: Date | null }> {
  const windowStart = new Date(Date.now() - ctx.config.signIn.windowMinutes * 60_000);
  const [row] = await ctx.db
    .insert(signInFailures)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: {
        failures: sql`case when ${signInFailures.lastAt} <= ${windowStart} then 1 else ${signInFailures.failures} + 1 end`,
        firstAt: sql`case when ${signInFailures.lastAt} <= ${windowStart} then now() else ${signInFailures.firstAt} end`,
        lastAt: sql`now()`,
      },
    })
    .returning({ failures: signInFailures.failures, notifiedAt: signInFailures.notifiedAt });
  return row ?? { failures: 1, notifiedAt: null };
}

/**
 * Counts a failed sign-in on the address and the client address. When the address reaches the challenge, its owner
 * (if the address is a user's) is told by mail, once per window; the mail is not awaited, so the answer takes the
 * same time for an address that is nobody's.
 */
export async function recordSignInFailure(
  ctx: AppContext,
  source: Pick<SignInSource, 'email' | 'ip'>,
  owner: { email: string; language: string } | null,
): Promise<void> {
  const key = accountKey(source.email);
  const [onAccount] = await Promise.all([addFailure(ctx, key), addFailure(ctx, sourceKey(source.ip))]);
  const windowStart = Date.now() - ctx.config.signIn.windowMinutes * 60_000;
  const tell =
    onAccount.failures >= ctx.config.signIn.challengeAfter &&
    (!onAccount.notifiedAt || onAccount.notifiedAt.getTime() < windowStart);
  if (!tell) return;
  await ctx.db.update(signInFailures).set({ notifiedAt: new Date() }).where(eq(signInFailures.key, key));
  if (owner) {
    const mail = failedAttemptsMail(owner.language, onAccount.failures);
    ctx.mailer.send({ to: owner.email, ...mail }).catch((err: unknown) => ctx.log.warn({ err }, 'mail not sent'));
  }
}

/** Forgets the failed sign-ins on an address (its password was just reset): its owner is not asked for a challenge. */
export async function forgetSignInFailures(ctx: AppContext, email: string): Promise<void> {
  await ctx.db.delete(signInFailures).where(eq(signInFailures.key, accountKey(email)));
}

/** A completed sign-in: the address starts afresh and the browser becomes one its owner signed in from. */
export async function rememberSignIn(
  ctx: AppContext,
  { email, userId, device }: { email: string; userId: string; device?: string },
): Promise<void> {
  await ctx.db.delete(signInFailures).where(eq(signInFailures.key, accountKey(email)));
  if (!device) return;
  await ctx.db
    .insert(knownDevices)
    .values({ userId, deviceHash: hashToken(device) })
    .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.deviceHash], set: { lastSeenAt: new Date() } });
}

/**
 * A wrong current password typed in a signed-in session (to change the password or the address): counted against
 * the session, which is signed out after CURRENT_PASSWORD_MAX_FAILURES, so a stolen session cannot guess at will
 * while the owner is never locked out. Answers true when the session must end.
 */
export async function recordSessionPasswordFailure(ctx: AppContext, sessionId: string): Promise<boolean> {
  const { failures } = await addFailure(ctx, sessionKey(sessionId));
  return failures >= ctx.config.signIn.currentPasswordMaxFailures;
}

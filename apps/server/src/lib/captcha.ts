import { lt } from 'drizzle-orm';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { CaptchaChallenge } from '@portal/shared';
import type { AppContext } from '../context.js';
import { captchaSpent } from '../db/schema/index.js';
import { refusal } from '../errors.js';

const CAPTCHA_MINUTES = 10;
/** Upper bound of the proof-of-work search: about a second in a browser on a modest phone. */
const CAPTCHA_MAX_NUMBER = 100_000;

/** The self-hosted proof-of-work captcha (ALTCHA v1) of the public forms and of throttled sign-ins. */
export function captchaKey(ctx: AppContext): string {
  return ctx.tokens.derive('captcha');
}

export function newCaptchaChallenge(ctx: AppContext): Promise<CaptchaChallenge> {
  return createChallenge({
    hmacKey: captchaKey(ctx),
    maxNumber: CAPTCHA_MAX_NUMBER,
    expires: new Date(Date.now() + CAPTCHA_MINUTES * 60_000),
  });
}

/** Checks a solved captcha once: the signature of a challenge can only be spent one time. */
export async function spendCaptcha(ctx: AppContext, solution: string | undefined): Promise<void> {
  if (!solution) throw refusal('CAPTCHA_REQUIRED');
  let signature: unknown;
  try {
    signature = JSON.parse(Buffer.from(solution, 'base64').toString('utf8')).signature;
  } catch {
    signature = undefined;
  }
  if (typeof signature !== 'string' || !(await verifySolution(solution, captchaKey(ctx), true).catch(() => false))) {
    throw refusal('CAPTCHA_INVALID');
  }
  await ctx.db.delete(captchaSpent).where(lt(captchaSpent.expiresAt, new Date()));
  const spent = await ctx.db
    .insert(captchaSpent)
    .values({ signature, expiresAt: new Date(Date.now() + CAPTCHA_MINUTES * 60_000) })
    .onConflictDoNothing()
    .returning();
  if (spent.length === 0) throw refusal('CAPTCHA_INVALID');
}

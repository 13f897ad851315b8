import crypto from 'node:crypto';
import type { TestApp } from './harness.js';
import { call } from './http.js';

/**
 * The number whose SHA-256 of salt + number is the challenge (ALTCHA v1), searched with node's synchronous hash: the
 * same answer as a browser's solver, found in tens of milliseconds instead of altcha-lib's one awaited Web Crypto
 * digest per number (seconds per captcha on a busy machine, ten of them in one test file).
 */
function solve(challenge: { algorithm: string; challenge: string; salt: string; maxnumber: number }): number {
  if (challenge.algorithm !== 'SHA-256') throw new Error(`unexpected captcha algorithm ${challenge.algorithm}`);
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if (
      crypto
        .createHash('sha256')
        .update(challenge.salt + n)
        .digest('hex') === challenge.challenge
    )
      return n;
  }
  throw new Error('the captcha challenge has no solution');
}

/** A fresh challenge from GET /captcha/challenge, solved as the web app does: the base64 ALTCHA payload. */
export async function solvedCaptcha(t: TestApp): Promise<string> {
  const challenge = (await call(t, 'GET', '/captcha/challenge')).body.payload;
  return Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solve(challenge),
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64');
}

import { solveChallenge } from 'altcha-lib/v1';
import type { TestApp } from './harness.js';
import { call } from './http.js';

/** A fresh challenge from GET /captcha/challenge, solved as the web app does: the base64 ALTCHA payload. */
export async function solvedCaptcha(t: TestApp): Promise<string> {
  const challenge = (await call(t, 'GET', '/captcha/challenge')).body.payload;
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  return Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution!.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64');
}

import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { CaptchaAbortedError, captchaResponseHeader, sha256Hex, solveChallenge } from './solver';
import { sha256HexSync } from './sha256';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const challengeFor = (number: number, maxnumber = 20_000) => {
  const salt = 'a1b2c3d4?expires=1900000000';
  return { algorithm: 'SHA-256', challenge: sha(salt + number), maxnumber, salt, signature: 'sig' };
};

describe('captcha solver', () => {
  it('hashes without WebCrypto (a page over plain HTTP) exactly like the server', () => {
    const encoder = new TextEncoder();
    for (const text of [
      '',
      'abc',
      'a1b2c3d4?expires=1900000000' + 12345,
      'x'.repeat(55),
      'y'.repeat(64),
      'é'.repeat(100),
    ])
      expect(sha256HexSync(encoder.encode(text))).toBe(sha(text));
  });

  it('hashes like the server (lower-case hex SHA-256)', async () => {
    expect(await sha256Hex('salt42')).toBe(sha('salt42'));
  });

  it('finds the number of a challenge computed here, reporting progress up to 1', async () => {
    const progress: number[] = [];
    const number = await solveChallenge(challengeFor(12_345), { batch: 2_000, onProgress: (p) => progress.push(p) });
    expect(number).toBe(12_345);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
  });

  it('finds 0 and maxnumber themselves', async () => {
    expect(await solveChallenge(challengeFor(0, 100))).toBe(0);
    expect(await solveChallenge(challengeFor(100, 100), { batch: 7 })).toBe(100);
  });

  it('answers null when no number in range solves it', async () => {
    expect(await solveChallenge({ ...challengeFor(500, 1_000), maxnumber: 400 })).toBeNull();
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(solveChallenge(challengeFor(10), { signal: controller.signal })).rejects.toBeInstanceOf(
      CaptchaAbortedError,
    );
  });

  it('refuses an algorithm it does not know', async () => {
    await expect(solveChallenge({ ...challengeFor(1), algorithm: 'SHA-1' })).rejects.toThrow(/Unsupported/);
  });

  it('builds the captcha-response header as base64 of the solution JSON', () => {
    const c = challengeFor(7);
    const decoded = JSON.parse(Buffer.from(captchaResponseHeader(c, 7), 'base64').toString('utf8'));
    expect(decoded).toEqual({
      algorithm: 'SHA-256',
      challenge: c.challenge,
      number: 7,
      salt: c.salt,
      signature: 'sig',
    });
  });
});

/**
 * The proof-of-work captcha (ALTCHA v1 format): find the number n in 0..maxnumber whose SHA-256 of salt + n, in
 * lower-case hex, is the challenge. The search runs in the page, pausing every few thousand hashes so the
 * interface stays responsive and can show progress.
 */
import type { CaptchaChallenge } from '@portal/shared';
import { sha256HexSync } from './sha256';

/** What the server's default ALTCHA challenge uses when it names no upper bound. */
const DEFAULT_MAX_NUMBER = 1_000_000;
const encoder = new TextEncoder();

interface SolveOptions {
  /** Called after each batch with the share of the search done so far (0..1). */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
  /** Hashes between two pauses. */
  batch?: number;
}

export class CaptchaAbortedError extends Error {
  constructor() {
    super('Captcha aborted');
    this.name = 'CaptchaAbortedError';
  }
}

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of a text, as lower-case hex: WebCrypto where the page is a secure context, else plain JavaScript. */
export async function sha256Hex(text: string): Promise<string> {
  if (!globalThis.crypto?.subtle) return sha256HexSync(encoder.encode(text));
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The number that solves the challenge, or null when none in range does (the challenge is then unusable). */
export async function solveChallenge(challenge: CaptchaChallenge, options: SolveOptions = {}): Promise<number | null> {
  if (challenge.algorithm.toUpperCase() !== 'SHA-256')
    throw new Error(`Unsupported captcha algorithm ${challenge.algorithm}`);
  const max = challenge.maxnumber ?? DEFAULT_MAX_NUMBER;
  const batch = options.batch ?? 5_000;
  const target = challenge.challenge.toLowerCase();
  for (let start = 0; start <= max; start += batch) {
    if (options.signal?.aborted) throw new CaptchaAbortedError();
    const end = Math.min(start + batch - 1, max);
    // A batch hashed concurrently: WebCrypto is asynchronous, awaiting one digest at a time would be slower.
    const digests = await Promise.all(
      Array.from({ length: end - start + 1 }, (_, i) => sha256Hex(challenge.salt + (start + i))),
    );
    const found = digests.indexOf(target);
    if (found >= 0) {
      options.onProgress?.(1);
      return start + found;
    }
    options.onProgress?.(Math.min(1, (end + 1) / (max + 1)));
    await pause();
  }
  return null;
}

/** The captcha-response header: the solution as base64 of its JSON, as ALTCHA servers verify it. */
export function captchaResponseHeader(challenge: CaptchaChallenge, number: number): string {
  const json = JSON.stringify({
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
  });
  return btoa(String.fromCharCode(...encoder.encode(json)));
}

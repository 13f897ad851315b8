import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { isRole, type Role } from '@portal/shared';

interface AccessClaims {
  userId: string;
  role: Role;
  sessionId: string;
  /** When the token expires, in milliseconds since the epoch (a live connection closes then unless renewed). */
  expiresAt: number;
}

/** Most verified tokens remembered at once; past it the oldest goes (a miss only costs the signature check). */
const MAX_VERIFIED = 10_000;

/**
 * Signs and checks access tokens (HS256 JWT, short-lived). A token whose signature was found good is remembered with
 * its claims until it expires: the same string under the same key always checks the same way, so every later call
 * with it skips the HMAC (the largest cost of a signed-in call once the session is remembered). Its expiry is still
 * checked on every call; whether its session is still alive is the signed-in check's business (loadActor).
 *
 * @cache verified-tokens
 */
export class TokenSigner {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  get expiresIn(): number {
    return this.ttlSeconds;
  }

  /** A secret for another purpose (captcha signatures…), derived from the signing key so one setting serves. */
  derive(purpose: string): string {
    return crypto.createHmac('sha256', this.key).update(purpose).digest('hex');
  }

  sign(claims: Omit<AccessClaims, 'expiresAt'>): Promise<string> {
    return new SignJWT({ role: claims.role, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a valid token, or null when it is expired, tampered with or malformed. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !isRole(payload.role)) return null;
      if (typeof payload.exp !== 'number') return null;
      const expiresAt = payload.exp * 1000;
      const claims = Object.freeze({ userId: payload.sub, role: payload.role, sessionId: payload.sid, expiresAt });
      this.keep(token, claims, expiresAt);
      return claims;
    } catch {
      return null;
    }
  }

  private keep(token: string, claims: AccessClaims, expiresAt: number): void {
    if (this.verified.size >= MAX_VERIFIED) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, { claims, expiresAt });
  }
}

/** A random opaque token (refresh tokens, mfa tokens) and the hash under which it is stored. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** The signing secret: configured, or generated once and kept in the data folder (embedded default). */
export function resolveJwtSecret(configured: string | undefined, dataDir: string, embedded: boolean): string {
  if (configured) return configured;
  if (!embedded) throw new Error('JWT_SECRET must be set when DATABASE_URL is set (at least 32 characters).');
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

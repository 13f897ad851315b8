import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { isRole, type Role } from '@portal/shared';

interface AccessClaims {
  userId: string;
  role: Role;
  sessionId: string;
}

/** Signs and checks access tokens (HS256 JWT, short-lived). */
export class TokenSigner {
  private readonly key: Uint8Array;

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

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ role: claims.role, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a valid token, or null when it is expired, tampered with or malformed. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !isRole(payload.role)) return null;
      return { userId: payload.sub, role: payload.role, sessionId: payload.sid };
    } catch {
      return null;
    }
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

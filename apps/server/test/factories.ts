import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { writesCountryOffer, type Role, type TokenResponse, type UserStatus } from '@portal/shared';
import { countries, refreshTokens, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/auth/passwords.js';
import { hashToken } from '../src/auth/tokens.js';
import { only } from '../src/lib/only.js';
import { latestCode, type TestApp } from './harness.js';
import { tokenRequest } from './http.js';

export const TEST_PASSWORD = 'Test#2026pass';
let defaultHash: Promise<string> | undefined;

export interface BuiltUser {
  id: string;
  email: string;
  password: string;
  role: Role;
  countryId: number | null;
}

/** Inserts a user; by default an active focal point of Kenya with TEST_PASSWORD. */
export async function buildUser(
  t: TestApp,
  overrides: {
    role?: Role;
    country?: string | null;
    status?: UserStatus;
    language?: string;
    password?: string;
    email?: string;
  } = {},
): Promise<BuiltUser> {
  const role = overrides.role ?? 'SERVICE_FOCAL_POINT';
  const countryCode = overrides.country === undefined ? (writesCountryOffer(role) ? 'KE' : null) : overrides.country;
  const country = countryCode
    ? (await t.ctx.db.select().from(countries).where(eq(countries.code, countryCode)).limit(1))[0]
    : undefined;
  const password = overrides.password ?? TEST_PASSWORD;
  const passwordHash = overrides.password
    ? await hashPassword(password)
    : await (defaultHash ??= hashPassword(TEST_PASSWORD));
  const email = overrides.email ?? `${role.toLowerCase()}.${crypto.randomBytes(4).toString('hex')}@example.org`;
  const row = only(
    await t.ctx.db
      .insert(users)
      .values({
        email,
        passwordHash,
        firstName: 'Test',
        lastName: role,
        role,
        countryId: country?.id ?? null,
        regionId: country?.regionId ?? null,
        status: overrides.status ?? 'ACTIVE',
        language: overrides.language ?? 'en',
      })
      .returning(),
  );
  return { id: row.id, email, password, role, countryId: row.countryId };
}

/** Signs in through both steps over HTTP, reading the code from the outbox. */
export async function signIn(t: TestApp, user: { email: string; password: string }): Promise<TokenResponse> {
  const step1 = await tokenRequest(t, { grant_type: 'mfa', username: user.email, password: user.password });
  if (step1.status !== 200) throw new Error(`step 1 failed: ${step1.status} ${JSON.stringify(step1.body)}`);
  const step2 = await tokenRequest(t, {
    grant_type: 'mfa',
    mfa_token: step1.body.mfa_token,
    code: latestCode(t, user.email),
  });
  if (step2.status !== 200) throw new Error(`step 2 failed: ${step2.status} ${JSON.stringify(step2.body)}`);
  return step2.body;
}

/** A signed-in user of a role, ready to call the API. */
export async function userWithToken(t: TestApp, overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(t, overrides);
  const tokens = await signIn(t, user);
  return { ...user, token: tokens.access_token, tokens };
}

/** The body of POST /chats/addRomes for a contact room (spec: New room payload) with a title and its members. */
export const newRoom = (title: string, profileDtos: string[]) => ({
  title,
  profileDtos,
  offerDoc: null,
  countryIdSender: null,
  countryIdReceived: null,
  romeType: 'CONTACT',
});

/**
 * Moves a rotated refresh token's rotation into the past, beyond the grace in which presenting it again answers the
 * same new pair (auth/refresh.ts): presenting it now is a reuse, as a thief's later replay would be.
 */
export async function ageRotation(t: TestApp, refreshToken: string): Promise<void> {
  await t.ctx.db
    .update(refreshTokens)
    .set({ usedAt: new Date(Date.now() - 60_000) })
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
}

import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { passwordContextWords } from '@portal/shared';
import { isStrongPassword } from '@portal/shared/password-strength';
import type { AppContext } from '../context.js';
import { countries } from '../db/schema/index.js';
import { refusal } from '../errors.js';

/** Whose password it is: the words it must not be built on come from these (passwordContextWords). */
export interface PasswordOwner {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  countryId?: number | null;
}

/**
 * Refuses a new password the browser's meter scores below Good or that is on the common-password list (ASVS 2.1.7);
 * the owner's address, names, country (in the three languages) and the portal's words count against passwords built
 * from them. Called before anything is hashed or stored.
 */
export async function assertStrongPassword(ctx: AppContext, password: string, owner: PasswordOwner): Promise<void> {
  const [country] = owner.countryId
    ? await ctx.db
        .select({ name: countries.name, nameFr: countries.nameFr, nameAr: countries.nameAr })
        .from(countries)
        .where(eq(countries.id, owner.countryId))
    : [];
  const words = passwordContextWords({ ...owner, countryNames: country ? Object.values(country) : [] });
  if (!isStrongPassword(password, words)) throw refusal('PASSWORD_TOO_WEAK');
}

// argon2id (the library's default algorithm) with its default cost: 19 MiB, 2 passes.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the time of a real check, so an unknown login is not told apart from a wrong password by timing. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hash('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}

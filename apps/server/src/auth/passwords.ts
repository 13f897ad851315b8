import { hash, verify } from '@node-rs/argon2';
import { isStrongPassword } from '@portal/shared/password-strength';
import { refusal } from '../errors.js';

/**
 * Refuses a new password the browser's meter scores below Good or that is on the common-password list (ASVS 2.1.7);
 * userInputs (email, names) count against passwords built from them. Called before anything is hashed or stored.
 */
export function assertStrongPassword(password: string, userInputs: Array<string | null | undefined> = []): void {
  if (
    !isStrongPassword(
      password,
      userInputs.filter((v): v is string => !!v),
    )
  )
    throw refusal('PASSWORD_TOO_WEAK');
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

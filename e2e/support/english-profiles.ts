/**
 * The journeys read the screens in English, but the interface takes the signed-in user's profile language and a
 * language picked in the header is saved to the profile (docs/decisions/web-app-shell.md): a journey that switches a demo
 * user to Arabic would otherwise leave every later journey of that user in Arabic. Before each journey file and after
 * each journey, every demo user's profile is put back on English. profile-language.e2e.ts covers a French profile on
 * its own.
 */
import { afterEach, beforeAll } from 'vitest';
import { apiToken } from './api';
import { baseUrl } from './portal';

const DEMO_USERS = [
  'admin@portal.test',
  'secretariat@portal.test',
  'advisor@portal.test',
  'chief.ke@portal.test',
  'focal.ke@portal.test',
  'chief.sn@portal.test',
];

/** Tokens of this file's demo users, kept between journeys; signed in again when a journey ended their session. */
const tokens = new Map<string, string>();

const putEnglish = (token: string) =>
  fetch(`${baseUrl()}/api/profile/language`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ language: 'en' }),
  }).then((r) => r.status);

async function toEnglish(email: string): Promise<void> {
  let token = tokens.get(email) ?? (await apiToken(email));
  if ((await putEnglish(token)) === 401) {
    token = await apiToken(email);
    await putEnglish(token);
  }
  tokens.set(email, token);
}

// A demo user a journey has just deactivated cannot sign in: that journey puts the user back itself.
const allToEnglish = () => Promise.all(DEMO_USERS.map((email) => toEnglish(email).catch(() => undefined)));

beforeAll(allToEnglish);
afterEach(allToEnglish);

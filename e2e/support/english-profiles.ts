/**
 * The journeys read the screens in English, but the interface takes the signed-in user's profile language
 * (docs/decisions.md, issue 14) and the Senegalese demo negotiator's profile is French. Before each journey file its
 * profile is put on English, so every journey starts from the same state whatever ran before;
 * profile-language.e2e.ts covers a French profile on its own and puts its user back.
 */
import { beforeAll } from 'vitest';
import { api, apiToken } from './api';

const FRENCH_DEMO_PROFILES = ['chief.sn@portal.test'];

beforeAll(async () => {
  for (const email of FRENCH_DEMO_PROFILES) {
    await api(await apiToken(email), 'PUT', '/profile/language', { language: 'en' });
  }
});

/**
 * The profile's language: the secretariat, whose profile is in French, signs in from an English browser and
 * gets the interface in French; it opens the newsletter subscribers from the back-office menu, then picks English in
 * the header, which is saved to its profile. The demo user's language is put back at the end for the other journeys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Profile } from '@portal/shared';
import { clickSettled, launchBrowser, newVisitor, signIn } from '../support/portal';
import { screenshotOnFailure } from './offers-support';
import { api, apiToken } from '../support/api';

const SECRETARIAT = 'secretariat@portal.test';

describe("the interface speaks the profile's language", () => {
  let browser: Browser;
  let token: string;
  let original: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken(SECRETARIAT);
    original = (await api<Profile>(token, 'GET', '/profile/current')).language;
  });
  afterAll(async () => {
    if (token && original) await api(token, 'PUT', '/profile/language', { language: original });
    await browser?.close();
  });

  it('a French profile signed in from an English browser sees French; a header pick is saved to the profile', async () => {
    await api(token, 'PUT', '/profile/language', { language: 'fr' });
    const context = await newVisitor(browser);
    const page = await context.newPage();
    try {
      await signIn(page, SECRETARIAT);
      await page.getByRole('button', { name: 'Langue: Français' }).waitFor();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');

      // The newsletter subscribers, reached from the back-office menu, in French.
      const nav = page.getByRole('navigation', { name: 'Navigation de l’espace de travail' });
      await nav.getByText('Administration').click();
      await nav.getByRole('link', { name: 'Abonnés à la lettre d’information' }).click();
      await page.waitForURL('**/backoffice/newsletter');
      await page.getByRole('heading', { level: 1, name: 'Abonnés à la lettre d’information' }).waitFor();
      await page.getByRole('table', { name: 'Abonnés à la lettre d’information' }).waitFor();

      await page.getByRole('button', { name: 'Langue: Français' }).click();
      await clickSettled(page.getByRole('menuitem', { name: 'English' }));
      await page.getByRole('heading', { level: 1, name: 'Newsletter subscribers' }).waitFor();
      await expect.poll(async () => (await api<Profile>(token, 'GET', '/profile/current')).language).toBe('en');
    } catch (error) {
      await screenshotOnFailure('profile-language', [page]);
      throw error;
    } finally {
      await context.close();
    }
  });
});

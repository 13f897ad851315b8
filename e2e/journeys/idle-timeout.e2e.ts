import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newVisitor, signIn } from '../support/portal';
import { openOrCreateOwnOffer } from './offers-support';

// The server of the journeys runs with IDLE_TIMEOUT_MS=4000 and IDLE_COUNTDOWN_SECONDS=3 (see global-setup.ts).
describe('idle timeout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('warns after the idle time, counts down, then logs out to the sign-in page', async () => {
    const context = await newVisitor(browser, { idle: true });
    const page = await context.newPage();
    await signIn(page, 'focal.ke@portal.test');
    const dialog = page.getByRole('dialog', { name: 'Timeout Warning...' });
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByText('You will be automatically logged out.').waitFor();
    await dialog.getByText('Unsaved changes to an offer are kept in this browser').waitFor();
    await dialog.getByText(/Automatic logout in [1-3] s/).waitFor();
    await page.waitForURL('**/login', { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
    await context.close();
  });

  it('OK keeps the session and starts the timer again', async () => {
    const context = await newVisitor(browser, { idle: true });
    const page = await context.newPage();
    await signIn(page, 'advisor@portal.test');
    const dialog = page.getByRole('dialog', { name: 'Timeout Warning...' });
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await dialog.waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('keeps the draft: the sign-in page says why, and signing in returns to the editor with it to restore', async () => {
    const context = await newVisitor(browser, { idle: true });
    const page = await context.newPage();
    const stopMoving = keepMoving(page); // busy until the typing is done, then idle
    await signIn(page, 'focal.ke@portal.test');
    await openOrCreateOwnOffer(page);
    const editorPath = new URL(page.url()).pathname;
    const words = `Le Kenya ouvre ses services ${Date.now()}.`;
    await page.getByRole('textbox', { name: 'Opening statement' }).click();
    await page.keyboard.type(words);
    await page.getByText('Unsaved changes (kept in this browser)').first().waitFor();
    stopMoving();

    await page.getByRole('dialog', { name: 'Timeout Warning...' }).waitFor({ timeout: 15_000 });
    await page.waitForURL('**/login', { timeout: 10_000 });
    await page
      .getByRole('status')
      .filter({ hasText: 'You were signed out after 4 seconds without activity' })
      .waitFor();
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('offer-draft:')));
    expect(kept).toHaveLength(1);

    const moving = keepMoving(page);
    await signIn(page, 'focal.ke@portal.test');
    expect(new URL(page.url()).pathname).toBe(editorPath);
    const banner = page.getByRole('alert').filter({ hasText: 'Unsaved changes from' });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('textbox', { name: 'Opening statement' }).getByText(words).waitFor();
    moving();

    // The user walks away again; another user of the same browser (the same country's chief negotiator) signs in:
    // they start from the dashboard, and are never offered that work.
    await page.getByRole('dialog', { name: 'Timeout Warning...' }).waitFor({ timeout: 15_000 });
    await page.waitForURL('**/login', { timeout: 10_000 });
    const restartAgain = keepMoving(page);
    await signIn(page, 'chief.ke@portal.test');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await openOrCreateOwnOffer(page);
    await page.getByRole('textbox', { name: 'Opening statement' }).waitFor();
    expect(await page.getByText(words).count()).toBe(0);
    expect(await page.getByRole('alert').filter({ hasText: 'Unsaved changes from' }).count()).toBe(0);
    const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('offer-draft:')));
    expect(left).toEqual([]);
    restartAgain();
    await context.close();
  });
});

/** Moves the mouse once a second, as a user at work does, until the returned function is called. */
function keepMoving(page: Page): () => void {
  let x = 10;
  const timer = setInterval(() => {
    x = x === 10 ? 20 : 10;
    page.mouse.move(x, 10).catch(() => undefined);
  }, 1000);
  return () => clearInterval(timer);
}

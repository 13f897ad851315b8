import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newVisitor, signIn } from '../support/portal';

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
});

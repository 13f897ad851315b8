import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newVisitor, signIn } from '../support/portal';

describe('route guard and error pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a visitor is sent to sign in, and after signing in arrives where they were going', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto('/gats');
    await page.waitForURL('**/login');
    await signIn(page, 'chief.sn@portal.test');
    expect(new URL(page.url()).pathname).toBe('/gats');
    await page.getByRole('heading', { level: 1, name: 'GATS commitments' }).waitFor();
    await context.close();
  });

  it('a focal point opening offer validation lands on the 403 page', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await signIn(page, 'focal.ke@portal.test');
    await page.goto('/offers-validate');
    await page.waitForURL('**/denied');
    await page
      .getByRole('heading', { name: "Error 403 - Access Denied, we are sorry, but you don't have access to this page" })
      .waitFor();
    await context.close();
  });

  it('an unknown path shows the not-found page', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    await context.close();
  });

  it('a wrong password is refused with the server message', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email address', { exact: true }).fill('advisor@portal.test');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('after wrong passwords the account is not locked: the browser is checked, and the right password signs in', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    // The sign-in answers in the order they arrive: "status code".
    let log: Promise<string>[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api/oauth/token'))
        log.push(r.json().then((b: { code?: string }) => `${r.status()} ${b.code ?? ''}`.trim()));
    });
    const answers = () => Promise.all(log);
    const tryPassword = async (password: string) => {
      const before = log.length;
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => log.length).toBeGreaterThan(before);
      await expect.poll(() => page.getByRole('button', { name: 'Continue' }).isEnabled()).toBe(true);
    };

    await page.goto('/login');
    await page.getByLabel('Email address', { exact: true }).fill('regional.advisor.check@portal.test');
    for (let i = 0; i < 3; i++) await tryPassword(`not-the-password-${i}`);
    // An address nobody owns is treated like a real one: the fourth attempt asks the browser for the check.
    await tryPassword('still-not-it');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();
    expect(await answers()).toEqual([
      '400 BAD_CREDENTIALS',
      '400 BAD_CREDENTIALS',
      '400 BAD_CREDENTIALS',
      '400 SIGN_IN_CHALLENGE',
      '400 BAD_CREDENTIALS',
    ]);

    // The owner of a real account, after the same failures, signs in with the right password.
    log = [];
    await page.getByLabel('Email address', { exact: true }).fill('focal.ke@portal.test');
    for (let i = 0; i < 3; i++) await tryPassword(`not-the-password-${i}`);
    await signIn(page, 'focal.ke@portal.test');
    expect(await answers()).toEqual([
      '400 BAD_CREDENTIALS',
      '400 BAD_CREDENTIALS',
      '400 BAD_CREDENTIALS',
      '400 SIGN_IN_CHALLENGE',
      '200',
      '200',
    ]);
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chooseLanguage, DEMO_PASSWORD, launchBrowser, newVisitor } from '../support/portal';
import { findInMail } from '../support/outbox';
import { changePassword, signInWithPassword } from './profile-support';

/** The password is put back at the end, for the journeys that sign in as the advisor after this one. */
const EMAIL = 'advisor@portal.test';
const NEW_PASSWORD = 'Accra#Secretariat2026';

/** The path and query of the /reset link in the newest mail to this address written after `since`. */
const readResetPath = (email: string, since: number, timeoutMs = 15_000): Promise<string> =>
  findInMail(
    email,
    since,
    (text) => /https?:\/\/[^\s/]+(\/reset\?token=[^\s"<>]+)/.exec(text)?.[1],
    'reset link',
    timeoutMs,
  );

/** From /login: "Forgot your password?", the address, and the link read from the outbox. */
async function askForLink(page: Page, email: string): Promise<string> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.waitForURL('**/reset-password');
  await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
  const since = Date.now();
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await page.getByText('Check your mailbox').waitFor();
  return readResetPath(email, since);
}

async function chooseNewPassword(page: Page, path: string, password: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm the new password').fill(password);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.waitForURL('**/login');
  await page.getByText('Your password has been reset. Sign in with your new password.').waitFor();
}

describe('a forgotten password', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('is reset from a mailed link, once, and the new password signs in', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();

    // An unknown address gets the same answer.
    await page.goto('/reset-password');
    await page.getByLabel('Email address', { exact: true }).fill('nobody@portal.test');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('Check your mailbox').waitFor();

    const path = await askForLink(page, EMAIL);
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    // The checklist and meter of the change-password screen, and the match rule.
    const rules = page.getByRole('list', { name: 'The password must contain' });
    await page.getByLabel('New password', { exact: true }).fill('password');
    await expect.poll(() => rules.getByText('(met)').count()).toBe(2);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await expect.poll(() => rules.getByText('(met)').count()).toBe(5);
    await page.getByLabel('Confirm the new password').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Passwords should match').waitFor();
    await chooseNewPassword(page, path, NEW_PASSWORD);

    // The link served once.
    await page.goto(path);
    await page.getByLabel('New password', { exact: true }).fill('Another#2026pass');
    await page.getByLabel('Confirm the new password').fill('Another#2026pass');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();

    // The old password is refused, the new one signs in.
    await page.goto('/login');
    await page.getByLabel('Email address', { exact: true }).fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();
    await signInWithPassword(page, EMAIL, NEW_PASSWORD);
    expect(new URL(page.url()).pathname).not.toMatch(/login|two-factor|reset/);

    // The reference pages render for a signed-in user.
    await page.goto('/afcfta');
    await page.getByText('It entered into force on 30 May 2019.').waitFor();
    await page.goto('/regions');
    await page.getByRole('searchbox').fill('Kenya');
    await page.getByText('Kenya', { exact: true }).waitFor();
    await page.goto('/legislation');
    await page.getByRole('heading', { name: 'Protocol on Trade in Services' }).waitFor();
    await page.goto('/request-offer');
    await page.getByRole('heading', { level: 1, name: 'Offer requests' }).waitFor();

    // Put the demo password back through the profile: a second link would wait out the cooldown between links.
    await changePassword(page, NEW_PASSWORD, DEMO_PASSWORD);
    await signInWithPassword(page, EMAIL, DEMO_PASSWORD);
    await context.close();
  });

  it('reads right to left in Arabic', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto('/reset-password');
    await chooseLanguage(page, 'العربية');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'كلمة المرور' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('button', { name: 'إرسال الرابط' }).waitFor();
    await context.close();
  });
});

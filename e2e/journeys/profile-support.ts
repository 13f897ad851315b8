/** What the profile and invitation journeys share: signing in with a chosen password, and the invitation mail. */
import type { Page } from 'playwright-core';
import { findInMail } from '../support/outbox';
import { readSignInCode } from '../support/portal';

/** Signs in through /login and /two-factor with this password; ends on the page the app goes to next. */
export async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.waitForURL(/\/login/);
  const since = Date.now();
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/two-factor/);
  await page.getByLabel('Verification code').fill(await readSignInCode(email, since));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL((url) => !/\/(login|two-factor)/.test(url.pathname));
}

/** Changes the signed-in user's password on /change-password; ends on /login, where the app sends them after. */
export async function changePassword(page: Page, from: string, to: string) {
  await page.goto('/change-password');
  await page.getByRole('heading', { level: 1, name: 'Change password' }).waitFor();
  await page.getByLabel('Current password').fill(from);
  await page.getByLabel('New password', { exact: true }).fill(to);
  await page.getByLabel('Confirm the new password').fill(to);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Your password has been changed successfully.').waitFor();
  await page.waitForURL('**/login');
}

/** The path and query of the first link to `path` in the newest mail to this address written after `since`. */
export function readMailedPath(email: string, path: string, since: number, timeoutMs = 15_000): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s/]+(${path.replace(/[?/]/g, '\\$&')}\\?token=[^\\s"<>]+)`);
  return findInMail(email, since, (text) => pattern.exec(text)?.[1], `${path} link`, timeoutMs);
}

/** The path and query of the /register link in the newest invitation mailed to this address after `since`. */
export const readInvitationPath = (email: string, since: number, timeoutMs = 15_000) =>
  readMailedPath(email, '/register', since, timeoutMs);

import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chooseLanguage, DEMO_PASSWORD, launchBrowser, newVisitor } from '../support/portal';
import { changePassword, signInWithPassword } from './profile-support';

/** No other journey signs in as the administrator; the password is put back at the end all the same. */
const EMAIL = 'admin@portal.test';
const NEW_PASSWORD = 'Kigali#Accord2026';
const screenshots = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));

describe('changing one’s password', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(screenshots, { recursive: true });
  });
  afterAll(() => browser?.close());

  it('guides with the checklist and meter, logs out on success, and the new password signs in', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await signInWithPassword(page, EMAIL, DEMO_PASSWORD);

    await page.goto('/change-password');
    await page.getByRole('heading', { level: 1, name: 'Change password' }).waitFor();
    const rules = page.getByRole('list', { name: 'The password must contain' });
    await page.getByLabel('New password', { exact: true }).fill('password');
    await expect.poll(() => rules.getByText('(met)').count()).toBe(2); // lowercase, 8 characters
    await page.getByRole('meter', { name: 'Strength' }).and(page.locator('[aria-valuetext="Worst"]')).waitFor();
    // A wrong current password is refused with the server's message; the user stays signed in.
    await page.getByLabel('Current password').fill('Not-the-1-password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await expect.poll(() => rules.getByText('(met)').count()).toBe(5);
    await page.getByRole('meter', { name: 'Strength' }).and(page.locator('[aria-valuetext="Strong"]')).waitFor();
    await page.getByLabel('Confirm the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Invalid Current Password,Try again using the correct password.' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/change-password');

    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed successfully.').waitFor();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();

    // The old password no longer opens the portal; the new one does.
    await page.getByLabel('Email address', { exact: true }).fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();
    await signInWithPassword(page, EMAIL, NEW_PASSWORD);
    expect(new URL(page.url()).pathname).not.toMatch(/login|two-factor/);

    // Put the demo password back for whoever signs in as the administrator next.
    await changePassword(page, NEW_PASSWORD, DEMO_PASSWORD);
    await signInWithPassword(page, EMAIL, DEMO_PASSWORD);
    await context.close();
  });

  it('the password guide reads right to left in Arabic', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await signInWithPassword(page, EMAIL, DEMO_PASSWORD);
    await chooseLanguage(page, 'العربية');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.goto('/change-password');
    await page.getByRole('heading', { level: 1, name: 'تغيير كلمة المرور' }).waitFor();
    await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('Nairobi2026');
    await page
      .getByRole('meter', { name: 'القوة' })
      .and(page.locator('[aria-valuenow]:not([aria-valuetext="غير مقيّمة"])'))
      .waitFor();
    const rules = page.getByRole('list', { name: 'يجب أن تحتوي كلمة المرور على' });
    await expect.poll(() => rules.getByText('(مستوفى)').count()).toBe(4);
    const label = await page.getByText('كلمة المرور الجديدة', { exact: true }).boundingBox();
    const input = await page.getByLabel('كلمة المرور الجديدة', { exact: true }).boundingBox();
    // Right to left: the label starts at the right edge of the field.
    expect(Math.abs(label!.x + label!.width - (input!.x + input!.width))).toBeLessThan(40);
    await page.screenshot({ path: `${screenshots}change-password-ar.png`, fullPage: true });
    await context.close();
  });
});

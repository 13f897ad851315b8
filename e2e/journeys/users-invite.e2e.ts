import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chooseLanguage, clickSettled, launchBrowser, newVisitor, signIn } from '../support/portal';
import { readInvitationPath, signInWithPassword } from './profile-support';

const screenshots = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));

describe('inviting a focal point', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(screenshots, { recursive: true });
  });
  afterAll(() => browser?.close());

  it('a chief negotiator invites a focal point, who opens the mailed link, sets a password and signs in', async () => {
    const invitee = {
      first: 'Achieng',
      last: 'Otieno',
      email: `achieng.${Date.now()}@trade.go.ke`,
      password: 'Mombasa#Port2026',
    };

    // The chief negotiator of Kenya opens his user management and the invite dialog.
    const chief = await newVisitor(browser);
    const page = await chief.newPage();
    await signIn(page, 'chief.ke@portal.test');
    await page.goto('/user-focal-management');
    await page.getByRole('heading', { level: 1, name: 'Focal point management' }).waitFor();
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite users' });
    const row = dialog.getByRole('group', { name: 'User 1' });
    await row.waitFor();
    expect(await row.getByLabel('Country').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Remove user 1' }).isDisabled()).toBe(true);

    await row.getByLabel('Title').click();
    await clickSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Dr"]'));
    await row.getByLabel('First name').fill(invitee.first);
    await row.getByLabel('Last name').fill(invitee.last);
    await row.getByLabel('Email address').fill(invitee.email);
    await dialog.getByRole('button', { name: 'Next' }).click();
    const table = dialog.getByRole('table');
    await table.getByText(invitee.email).waitFor();
    await table.getByText('Services Focal Point').waitFor();

    const since = Date.now();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Users invited successfully').waitFor();
    const users = page.getByRole('table', { name: 'Users', exact: true });
    await users.getByText(invitee.email).waitFor();
    await users.getByRole('row').filter({ hasText: invitee.email }).getByText('Invitation sent').waitFor();
    await chief.close();

    // The invitee follows the link of the mail.
    const link = await readInvitationPath(invitee.email, since);
    const visitor = await newVisitor(browser);
    const guest = await visitor.newPage();
    await guest.goto(link);
    await guest.getByRole('heading', { level: 1, name: 'Accept your invitation' }).waitFor();
    await guest.getByText(`${invitee.first} ${invitee.last}`).waitFor();
    await guest.getByText('Services Focal Point').waitFor();
    await guest.getByText('Kenya').waitFor();
    await guest.getByLabel('New password', { exact: true }).fill(invitee.password);
    await guest.getByLabel('Confirm the new password').fill(invitee.password);
    await guest.getByRole('button', { name: 'Activate my account' }).click();
    await guest.getByText('Your account is ready. You can now sign in.').waitFor();

    // The link is spent; the new account signs in with its password.
    await guest.locator('#main').getByRole('link', { name: 'Sign in' }).click();
    await signInWithPassword(guest, invitee.email, invitee.password);
    await guest.getByRole('button', { name: new RegExp(`^${invitee.first}`) }).waitFor();
    await guest.goto(link);
    await guest.getByRole('alert').filter({ hasText: 'This invitation link is not valid or has expired.' }).waitFor();
    await visitor.close();
  });

  it('the secretariat sees country users and the invite dialog asks for the country, right to left in Arabic', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await signIn(page, 'secretariat@portal.test');
    await page.goto('/backoffice/user-management');
    const users = page.getByRole('table', { name: 'Users', exact: true });
    await users.getByText('focal.ke@portal.test').waitFor();
    await page.getByPlaceholder('Search by name, email or country').fill('senegal');
    await users.getByText('chief.sn@portal.test').waitFor();
    await expect.poll(() => users.getByText('focal.ke@portal.test').count()).toBe(0);

    await chooseLanguage(page, 'العربية');
    await page.getByRole('button', { name: 'دعوة مستخدم' }).click();
    const dialog = page.getByRole('dialog', { name: 'دعوة مستخدمين' });
    await dialog.getByRole('group', { name: 'المستخدم 1' }).getByLabel('البلد').waitFor();
    await dialog.getByRole('button', { name: /إضافة مستخدم/ }).click();
    await dialog.getByRole('group', { name: 'المستخدم 2' }).waitFor();
    await dialog.getByRole('button', { name: 'التالي' }).click();
    await dialog.getByText('مطلوب').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.screenshot({ path: `${screenshots}invite-users-ar.png`, fullPage: true });
    await context.close();
  });
});

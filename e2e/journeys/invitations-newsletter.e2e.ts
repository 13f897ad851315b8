/**
 * Invitations and the newsletter: an administrator resends a pending invitation and only the new link registers the
 * invitee; a newsletter subscriber confirms from the mailed link, then unsubscribes without signing in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, apiToken } from '../support/api';
import { launchBrowser, newVisitor, signIn } from '../support/portal';
import { readInvitationPath, readMailedPath, signInWithPassword } from './profile-support';

describe('pending invitations and newsletter links', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('an administrator resends an invitation; the old link is void and the new one registers the invitee', async () => {
    const invitee = {
      first: 'Awa',
      last: 'Diallo',
      email: `awa.${Date.now()}@commerce.gouv.sn`,
      password: 'Dakar#Port2026',
    };
    const admin = await apiToken('admin@portal.test');
    const firstSent = Date.now();
    await api(admin, 'POST', '/profile/invite', [
      {
        titlePrefix: 'Ms',
        firstName: invitee.first,
        lastName: invitee.last,
        userRole: 'SERVICE_FOCAL_POINT',
        email: invitee.email,
        countryCode: 'SN',
      },
    ]);
    const oldLink = await readInvitationPath(invitee.email, firstSent);

    const context = await newVisitor(browser);
    const page = await context.newPage();
    await signIn(page, 'admin@portal.test');
    await page.goto('/backoffice/user-management');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('search').getByRole('searchbox').fill(invitee.email);
    const resend = page.getByRole('button', { name: `Resend invitation: ${invitee.email}` });
    await resend.waitFor();
    const resent = Date.now();
    await resend.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Resend' }).click();
    await page.getByText(`The invitation has been sent again to ${invitee.email}.`).waitFor();
    await context.close();

    const newLink = await readInvitationPath(invitee.email, resent);
    expect(newLink).not.toBe(oldLink);
    const visitor = await newVisitor(browser);
    const guest = await visitor.newPage();
    await guest.goto(oldLink);
    await guest.getByRole('alert').filter({ hasText: 'This invitation link is not valid or has expired.' }).waitFor();

    await guest.goto(newLink);
    await guest.getByRole('heading', { level: 1, name: 'Accept your invitation' }).waitFor();
    await guest.getByLabel('New password', { exact: true }).fill(invitee.password);
    await guest.getByLabel('Confirm the new password').fill(invitee.password);
    await guest.getByRole('button', { name: 'Activate my account' }).click();
    await guest.getByText('Your account is ready. You can now sign in.').waitFor();
    await guest.locator('#main').getByRole('link', { name: 'Sign in' }).click();
    await signInWithPassword(guest, invitee.email, invitee.password);
    await guest.getByRole('button', { name: new RegExp(`^${invitee.first}`) }).waitFor();
    await visitor.close();
  });

  it('a subscriber confirms from the mailed link and unsubscribes without signing in', async () => {
    const email = `subscriber.${Date.now()}@example.org`;
    const secretariat = await apiToken('secretariat@portal.test');
    const stored = async () =>
      (await api<{ email: string; confirmed: boolean }[]>(secretariat, 'GET', '/newslettersubscriber')).find(
        (s) => s.email === email,
      );
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto('/');
    const box = page.getByRole('form', { name: 'Newsletter' });
    await box.getByLabel('Email address for the newsletter').fill(email);
    const since = Date.now();
    await box.getByRole('button', { name: 'Subscribe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe to the newsletter' });
    await dialog.getByRole('button', { name: 'I am not a robot' }).click();
    await dialog.getByText('Verified').waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('.ant-message').getByText('You have been subscribed successfully').waitFor();

    const confirmLink = await readMailedPath(email, '/newsletter/confirm', since);
    await page.goto(confirmLink);
    await page.getByText('Your subscription is confirmed').waitFor();
    await expect.poll(stored).toMatchObject({ email, confirmed: true });

    await page.getByRole('link', { name: 'Unsubscribe' }).click();
    await page.getByText('You have been unsubscribed').waitFor();
    await expect.poll(stored).toBeUndefined();
    // A forged link changes nothing and says so.
    await page.goto('/newsletter/unsubscribe?token=forged-token');
    await page.getByText('This unsubscribe link is not valid').waitFor();
    await context.close();
  });
});

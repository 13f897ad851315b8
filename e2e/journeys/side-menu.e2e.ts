import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, logOut, newVisitor, sideMenuEntries, signIn } from '../support/portal';

const COMMON = [
  'Home',
  'Conditional Offers',
  'Dashboard',
  'Workspace',
  'Requests',
  'Messaging',
  'Legislation Regulations',
  'GATS',
  'AfCFTA',
  'Password Management',
];
const BACK_OFFICE = [
  'User management',
  'Users dashboard',
  'Audit logs',
  'Audit offers',
  'Country management',
  'Country information',
  'CMS management',
  'Contact-us management',
  'Newsletter subscribers',
  'Compare offers',
  'Global settings',
];

describe('signing in and the side menu of each role', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a services focal point signs in with the mailed code and sees the negotiator menu', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await signIn(page, 'focal.ke@portal.test');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByText('Services Focal Point').waitFor();

    expect(await sideMenuEntries(page)).toEqual(COMMON);
    const nav = page.getByRole('navigation', { name: 'Workspace navigation' });
    expect(await nav.getByRole('link', { name: 'Workspace' }).getAttribute('href')).toBe('/offers');
    await context.close();
  });

  it('the secretariat sees its workspace as offer validation and the Back Office submenu', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await signIn(page, 'secretariat@portal.test');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    expect(await sideMenuEntries(page)).toEqual([...COMMON, 'Back Office']);
    const nav = page.getByRole('navigation', { name: 'Workspace navigation' });
    expect(await nav.getByRole('link', { name: 'Workspace' }).getAttribute('href')).toBe('/offers-validate');

    await nav.getByText('Back Office').click();
    const subEntries = nav.locator('.ant-menu-sub > li');
    await expect.poll(() => subEntries.allInnerTexts()).toEqual(BACK_OFFICE);
    await nav.getByRole('link', { name: 'Audit logs' }).click();
    await page.waitForURL('**/backoffice/audit-logs');
    await page.getByRole('heading', { level: 1, name: 'Audit logs' }).waitFor();
    await context.close();
  });

  it('a chief negotiator also manages the focal points of the country', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await signIn(page, 'chief.ke@portal.test');
    expect(await sideMenuEntries(page)).toEqual([...COMMON, 'User Management']);
    await context.close();
  });

  it('logout from the profile menu ends the session and shows the sign-in page', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await signIn(page, 'advisor@portal.test');
    await logOut(page);
    expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await context.close();
  });
});

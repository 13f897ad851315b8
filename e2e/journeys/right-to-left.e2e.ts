import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chooseLanguage, launchBrowser, newVisitor, signIn } from '../support/portal';

const screenshots = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));
const htmlAttributes = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

describe('Arabic, right to left', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(screenshots, { recursive: true });
  });
  afterAll(() => browser?.close());

  it('switching to Arabic turns the page right-to-left, and the choice survives a reload', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto('/');
    expect(await htmlAttributes(page)).toEqual({ lang: 'en', dir: 'ltr' });

    await chooseLanguage(page, 'العربية');
    await expect.poll(() => htmlAttributes(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByRole('heading', { level: 1, name: /مرحبًا بكم/ }).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: /مرحبًا بكم/ }).waitFor();
    expect(await htmlAttributes(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await page.locator('.ant-btn-rtl, .ant-dropdown-rtl, [class*="-rtl"]').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('the dashboard in Arabic puts the side menu on the right', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await signIn(page, 'secretariat@portal.test');
    await chooseLanguage(page, 'العربية');
    await page.getByRole('heading', { level: 1, name: 'لوحة المعلومات' }).waitFor();

    const menu = await page.getByRole('navigation', { name: 'التنقل في مساحة العمل' }).boundingBox();
    const main = await page.locator('#main').boundingBox();
    expect(menu!.x).toBeGreaterThan(main!.x);
    await page.screenshot({ path: `${screenshots}dashboard-ar.png`, fullPage: true });
    await context.close();
  });
});

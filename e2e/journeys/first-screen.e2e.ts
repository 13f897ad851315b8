/**
 * The first screen as HTML: the sign-in page and the home arrive rendered by the server, in the visitor's
 * language and direction, drawn with their styles before any script runs; the app then takes that page over
 * (hydration) without drawing it again. Until it has, the page is inert: seen, not yet usable — except the sign-in
 * form, whose submit the small loader catches and sends (app/earlySignIn.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newVisitor, pageTroubles, signIn } from '../support/portal';

const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

const LANGUAGES = [
  {
    locale: 'en-US',
    lang: 'en',
    dir: 'ltr',
    home: /^Welcome to the African Union/,
    login: 'Sign in',
    email: 'Email address',
  },
  {
    locale: 'fr-FR',
    lang: 'fr',
    dir: 'ltr',
    home: /^Bienvenue sur le portail/,
    login: 'Connexion',
    email: 'Adresse électronique',
  },
  {
    locale: 'ar',
    lang: 'ar',
    dir: 'rtl',
    home: /^مرحبًا بكم في بوابة/,
    login: 'تسجيل الدخول',
    email: 'البريد الإلكتروني',
  },
] as const;

const htmlAttributes = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/** A script error or console error of React taking the page over (a mismatch makes it draw the page again). */
const hydrationTroubles = (page: Page) =>
  (pageTroubles.get(page) ?? []).filter((line) => /hydrat|Minified React error #4(18|19|21|23)/i.test(line));

describe('the first screen, rendered by the server', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('shows the home and the sign-in page without any script, in the browser language, Arabic right to left', async () => {
    for (const language of LANGUAGES) {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        locale: language.locale,
        javaScriptEnabled: false,
        ...PHONE,
      });
      const page = await context.newPage();
      await page.goto('/');
      expect(await htmlAttributes(page)).toEqual({ lang: language.lang, dir: language.dir });
      // Seen, not usable (inert: the browser would send a form itself) until the app has taken the page over.
      expect(await page.locator('#root').getAttribute('inert')).toBe('');
      expect(await page.locator('h1').innerText()).toMatch(language.home);
      // Drawn with the home's own styles (pages/home/home.css): the hero's button in the home settings' colour.
      const heroButton = page.locator('.hero .ant-btn-primary');
      expect(await heroButton.getAttribute('href')).toBe('/login');
      expect(await heroButton.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(57, 99, 162)');
      // The header in the reading order of the language: the portal's logo and name first, then the menu button.
      const brand = await page.locator('.app-header .brand').boundingBox();
      const menu = await page.locator('.app-header button').first().boundingBox();
      if (language.dir === 'rtl') expect(brand!.x).toBeGreaterThan(menu!.x);
      else expect(brand!.x).toBeLessThan(menu!.x);
      // Its first objective, from the secretariat's content, is there too.
      expect(await page.locator('#objectives .objective').count()).toBeGreaterThan(0);

      await page.goto('/login');
      expect(await page.locator('h1').innerText()).toBe(language.login);
      expect(await page.title()).toContain(language.login);
      expect(await page.locator('label', { hasText: language.email }).count()).toBe(1);
      await context.close();
    }
  });

  it('is taken over by the app without being drawn again, and becomes usable then', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'fr-FR', ...PHONE });
    const page = await context.newPage();
    const troubles: string[] = [];
    page.on('pageerror', (error) => troubles.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') troubles.push(message.text());
    });
    // The app's script is held back until the page's elements are marked, then let through.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Not waiting for the load event: the held script may hold it.
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await page.locator('h1').waitFor();
    // The sign-in page is usable before the app has arrived (its submit is caught by the page's loader).
    expect(await page.locator('#root').getAttribute('inert')).toBeNull();
    await page.evaluate(() => {
      (document.querySelector('h1') as HTMLElement & { fromServer?: boolean }).fromServer = true;
    });
    // The reader scrolls down meanwhile: the app leaves the page where it is.
    const scrolled = await page.evaluate(() => {
      window.scrollTo(0, 150);
      return window.scrollY;
    });
    expect(scrolled).toBe(150);
    release();
    await page.locator('#root[data-app="taken"]:not([inert])').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    // The same element: hydrated, not replaced by a new drawing.
    expect(
      await page.evaluate(() => (document.querySelector('h1') as HTMLElement & { fromServer?: boolean }).fromServer),
    ).toBe(true);
    const email = page.getByLabel('Adresse électronique', { exact: true });
    await email.fill('not an address');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByText('Adresse électronique non valide').waitFor();
    expect(troubles).toEqual([]);
    await context.close();
  });

  it('shows a signed-in visitor the way to the workspace once the app has taken the home over', async () => {
    const context: BrowserContext = await newVisitor(browser);
    const page = await context.newPage();
    await signIn(page, 'chief.sn@portal.test');
    await page.goto('/');
    await page.getByRole('link', { name: 'Go to my workspace' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(0);
    expect(hydrationTroubles(page)).toEqual([]);
    await context.close();
  });
});

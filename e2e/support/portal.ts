/** What the journeys share: the browser, and signing in through the screens with the mailed code. */
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { findInMail } from './outbox';

export const DEMO_PASSWORD = 'Demo#2026pass';
export const baseUrl = () => inject('baseUrl');

/** The browsers this file launched, so a failed test can report what their pages showed (failure-report.ts). */
export const launchedBrowsers = new Set<Browser>();

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  launchedBrowsers.add(browser);
  browser.on('disconnected', () => launchedBrowsers.delete(browser));
  return browser;
}

/** What each page reported that a user does not see: script errors, console errors, failed requests (last 20). */
export const pageTroubles = new WeakMap<Page, string[]>();

function watchPage(page: Page): void {
  const troubles: string[] = [];
  pageTroubles.set(page, troubles);
  const note = (line: string) => {
    troubles.push(`${new Date().toISOString().slice(11, 23)} ${line.slice(0, 300)}`);
    if (troubles.length > 20) troubles.shift();
  };
  page.on('pageerror', (error) => note(`script error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      note(`console ${message.type()}: ${message.text()}`);
  });
  page.on('requestfailed', (request) => note(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
}

/** A screen other than the desktop window: its size in CSS pixels, its pixel density, touch. */
export interface Device {
  viewport: { width: number; height: number };
  deviceScaleFactor?: number;
  isMobile?: boolean;
  hasTouch?: boolean;
}

/**
 * A fresh visitor: no tokens, no language choice, English browser, a desktop window.
 * The journeys' server logs out after 4 idle seconds; unless `idle` is set, the visitor keeps moving the mouse
 * (once a second) like someone at work, so only the idle journey meets the timeout.
 */
export async function newVisitor(
  browser: Browser,
  options: { width?: number; idle?: boolean; serviceWorker?: boolean; device?: Device } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: 'en-US',
    viewport: { width: options.width ?? 1366, height: 900 },
    ...options.device,
    // The portal's service worker only answers when the network fails; journeys that intercept calls
    // (page.route) need them to come from the page, so it runs only where a journey asks for it (offline.e2e.ts).
    serviceWorkers: options.serviceWorker ? 'allow' : 'block',
  });
  context.on('page', watchPage);
  if (!options.idle) {
    await context.addInitScript(() => {
      setInterval(() => window.dispatchEvent(new MouseEvent('mousemove')), 1000);
    });
  }
  return context;
}

/** The 6-digit code of the newest mail to this address written after `since` (a line of its own in the text). */
export const readSignInCode = (email: string, since: number, timeoutMs = 15_000): Promise<string> =>
  findInMail(email, since, (text) => /^(\d{6})$/m.exec(text)?.[1], 'sign-in code', timeoutMs);

/** Signs in through /login and /two-factor as a user would; ends on the page the app goes to next. */
export async function signIn(page: Page, email: string, options: { from?: string } = {}): Promise<void> {
  if (!page.url().includes('/login')) await page.goto(options.from ?? '/login');
  await page.waitForURL(/\/login/);
  const since = Date.now();
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/two-factor/);
  const code = await readSignInCode(email, since);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL((url) => !/\/(login|two-factor)/.test(url.pathname));
}

/** The texts of the side menu's entries, in order (top level only). */
export async function sideMenuEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Workspace navigation' });
  await expect.poll(() => nav.isVisible()).toBe(true);
  const items = nav.locator('.side-menu > li');
  return (await items.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

/**
 * Scrolls the public home page down to its last section, as a reader does: the sections below the first screen
 * fetch their content when they come near. Resolves once the member list is shown.
 */
export async function scrollThroughHome(page: Page): Promise<void> {
  await page.locator('section#contacts').scrollIntoViewIfNeeded();
  await page.locator('section#members .member').first().waitFor({ state: 'attached' });
}

const LANGUAGE_CODES = { English: 'en', Français: 'fr', العربية: 'ar' } as const;

/**
 * Picks a language in the header as a user does, and resolves once the page is in it. The menu item is clicked once
 * the menu has finished opening: on a loaded machine a click that landed while the menu was still animating in was
 * lost, and the menu stayed open in the old language.
 */
export async function chooseLanguage(page: Page, name: keyof typeof LANGUAGE_CODES): Promise<void> {
  await page.getByRole('button', { name: /^Language|^Langue|^اللغة/ }).click();
  const menu = page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
    .filter({ has: page.getByRole('menuitem', { name }) });
  await clickSettled(menu.getByRole('menuitem', { name }));
  await page.waitForFunction((lang) => document.documentElement.lang === lang, LANGUAGE_CODES[name]);
}

/**
 * Resolves once the element (a dialog, a menu) has finished animating in. On a loaded machine a click that landed
 * while an antd dialog or menu was still zooming or sliding in was lost: the dialog stayed open, and the journey
 * waited in vain.
 */
export async function settled(popup: Locator): Promise<void> {
  await popup.waitFor();
  await expect
    .poll(
      () =>
        popup.evaluate(
          (el) =>
            // Its own, its content's, and its wrapper's (antd animates the dialog's box around the element named dialog).
            document.getAnimations().filter((a) => {
              const target = (a.effect as KeyframeEffect | null)?.target;
              return (
                a.playState === 'running' && target instanceof Element && (el.contains(target) || target.contains(el))
              );
            }).length,
        ),
      { timeout: 10_000 },
    )
    .toBe(0);
}

/**
 * Clicks a choice of an antd menu or select list once its popup has finished opening (`settled`): a click dispatched
 * while the list still slid in pressed one node and released on another, so no click reached the list and the choice
 * was lost (a select left empty, a menu left open).
 */
export async function clickSettled(choice: Locator): Promise<void> {
  await settled(choice);
  await choice.click();
}

/** Signs out through the account menu, as a user does, and resolves on the sign-in page. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await clickSettled(page.getByRole('menuitem', { name: 'Log out' }));
  await page.waitForURL('**/login');
}

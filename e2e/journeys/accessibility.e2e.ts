/**
 * axe-core on every screen of the route table (those whose path holds no record's id), with the notification popover
 * and dialogs open, in English and in Arabic (WCAG 2.2 AA): no serious or critical violation; the test prints the
 * screens it covered, and that every screen of a record is checked by the journey that makes the record
 * (support/axe.ts). Then keyboard-only sign-in and navigation to the offers list, with the focus ring visible on a
 * screenshot.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { WEB_ROUTES, type WebRoute } from '@portal/shared';
import {
  chooseLanguage,
  baseUrl,
  DEMO_PASSWORD,
  launchBrowser,
  newVisitor,
  readSignInCode,
  scrollThroughHome,
  settled,
  signIn,
} from '../support/portal';
import { RECORD_SCREENS, seriousViolations, type Finding } from '../support/axe';

const screenshots = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));
/** Opens a screen and waits for its main heading. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('h1').first().waitFor();
}

/**
 * Every screen of the route table, as the administrator sees it (the chief negotiator's own screen as the chief
 * negotiator). A route with a parameter needs a record of the journeys' data: those are checked by the journeys that
 * make their records (`RECORD_SCREENS`).
 */
const ROUTES = (Object.keys(WEB_ROUTES) as WebRoute[]).filter((path) => !path.includes(':'));
const CHIEF_ONLY: WebRoute[] = ['/user-focal-management'];
const WITH_PARAMETERS = (Object.keys(WEB_ROUTES) as WebRoute[]).filter((path) => path.includes(':'));

/** A screen at rest: its main heading, when it has one (a redirect or a token link may show none). */
async function visit(page: Page, path: string) {
  // Inside the app, as its links do (the router follows the history): no new page load for each of 70 screens.
  const heading = page.locator('h1').first();
  if (new URL(page.url()).origin === new URL(baseUrl()).origin) {
    const before = await heading.innerText({ timeout: 1000 }).catch(() => '');
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    // The next screen's heading (a redirect or a token link may show none, or the same).
    await expect
      .poll(() => heading.innerText({ timeout: 1000 }).catch(() => ''), { timeout: 5000 })
      .not.toBe(before)
      .catch(() => undefined);
  } else await page.goto(path);
  await heading.waitFor({ timeout: 10_000 }).catch(() => undefined);
  // The home page's lower sections are checked with their content, not their loading skeletons.
  if (path === '/') await scrollThroughHome(page);
}

const WORDS = {
  en: JSON.parse(await readFile(new URL('../../apps/web/src/i18n/en.json', import.meta.url), 'utf8')),
  ar: JSON.parse(await readFile(new URL('../../apps/web/src/i18n/ar.json', import.meta.url), 'utf8')),
};
/** A text of the interface in the page's language, by its key ('chat.createNewMessage'). */
async function words(page: Page, key: string): Promise<string> {
  const language = (await page.evaluate(() => document.documentElement.lang)) === 'ar' ? 'ar' : 'en';
  return key.split('.').reduce((node, part) => node[part], WORDS[language]);
}

/** Clicks the button named by the interface text and resolves once the dialog it opens is shown. */
async function openDialog(page: Page, key: string) {
  await page
    .getByRole('button', { name: await words(page, key) })
    .first()
    .click();
  await settled(page.getByRole('dialog').last());
}

/** Dialogs opened over their screens, each checked open. */
const DIALOGS: [string, string, (page: Page) => Promise<void>][] = [
  ['invite users dialog', '/backoffice/user-management', (page) => openDialog(page, 'users.list.invite')],
  ['CMS entry dialog', '/faq-section', (page) => openDialog(page, 'cms.add')],
  [
    'new conversation dialog',
    '/chat',
    async (page) => {
      await page.getByRole('tab', { name: await words(page, 'chat.contactUsers') }).click();
      await openDialog(page, 'chat.createNewMessage');
    },
  ],
];

/** Opens the header's notification popover (the latest 20) and resolves once it is shown. */
async function openNotifications(page: Page) {
  await page.getByRole('button', { name: /^Notifications|^الإشعارات/ }).click();
  await settled(page.locator('.notification-popover'));
}

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(screenshots, { recursive: true });
  });
  afterAll(() => browser?.close());

  it('the login page has no serious or critical violation, in English and Arabic', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await open(page, '/login');
    expect(await seriousViolations(page), 'login (en)').toEqual([]);
    await chooseLanguage(page, 'العربية');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await seriousViolations(page), 'login (ar)').toEqual([]);
    await context.close();
  });

  for (const language of ['en', 'ar'] as const) {
    it(`every screen of the route table has no serious or critical violation (${language})`, async () => {
      const context = await newVisitor(browser);
      const page = await context.newPage();
      await signIn(page, 'admin@portal.test');
      if (language === 'ar') {
        await chooseLanguage(page, 'العربية');
        await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      }
      const found: Record<string, Finding[]> = {};
      const covered: string[] = [];
      const check = async (name: string) => {
        const violations = await seriousViolations(page);
        if (violations.length) found[name] = violations;
        covered.push(name);
      };
      for (const path of ROUTES.filter((p) => !CHIEF_ONLY.includes(p))) {
        await visit(page, path);
        await check(path);
      }
      // The notification popover open over a screen.
      await visit(page, '/offers-validate');
      await openNotifications(page);
      await check('notification popover');
      for (const [name, path, open] of DIALOGS) {
        await visit(page, path);
        await open(page);
        await check(name);
      }
      await context.close();

      // The chief negotiator's own screen.
      const chiefContext = await newVisitor(browser);
      const chief = await chiefContext.newPage();
      await signIn(chief, 'chief.ke@portal.test');
      if (language === 'ar') await chooseLanguage(chief, 'العربية');
      for (const path of CHIEF_ONLY) {
        await visit(chief, path);
        const violations = await seriousViolations(chief);
        if (violations.length) found[path] = violations;
        covered.push(path);
      }
      await chiefContext.close();
      console.info(
        `axe (${language}): ${covered.length} screens covered: ${covered.join(', ')}; ` +
          `screens of a record, checked by their journeys: ${WITH_PARAMETERS.map((p) => `${p} (${RECORD_SCREENS[p as keyof typeof RECORD_SCREENS]})`).join(', ')}`,
      );
      expect(found).toEqual({});
      expect(covered.length).toBe(ROUTES.length + 1 + DIALOGS.length);
    }, 240_000);
  }

  it('every screen of a record is checked by the journey that makes the record', async () => {
    const journeys = new URL('./', import.meta.url);
    for (const path of WITH_PARAMETERS) {
      const journey: string | undefined = RECORD_SCREENS[path as keyof typeof RECORD_SCREENS];
      expect(journey, `${path} has a journey that checks it`).toBeDefined();
      const source = await readFile(new URL(journey!, journeys), 'utf8');
      expect(source, `${journey} checks ${path}`).toContain(`expectAccessible(`);
      expect(source, `${journey} checks ${path}`).toContain(`'${path}'`);
    }
  });

  it('signs in and reaches the offers list with the keyboard alone, the focus visible', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    /** Whether the focused element matches the selector (and holds the text, when given). */
    const focused = (selector: string, text?: string) =>
      page.evaluate(
        ([s, t]) => {
          const el = document.activeElement;
          return !!el?.matches(s) && (!t || (el.textContent ?? '').trim() === t);
        },
        [selector, text ?? ''] as const,
      );
    /** Presses `key` until the focused element matches, at most `limit` times. */
    const pressTo = async (selector: string, key = 'Tab', text?: string, limit = 60) => {
      for (let i = 0; i < limit && !(await focused(selector, text)); i++) await page.keyboard.press(key);
      expect(await focused(selector, text), `${selector} ${text ?? ''} reached with ${key}`).toBe(true);
    };
    await page.goto('/login');
    await page.getByLabel('Email address', { exact: true }).waitFor();
    const since = Date.now();
    await pressTo('input[type="email"]');
    await page.keyboard.type('focal.ke@portal.test');
    await pressTo('input[autocomplete="current-password"]');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/two-factor/);
    const code = await readSignInCode('focal.ke@portal.test', since);
    await page.getByLabel('Verification code').waitFor();
    await pressTo('input[autocomplete="one-time-code"]');
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !/\/(login|two-factor)/.test(url.pathname));

    // Into the side menu, then down to its Workspace entry, which leads to the offers list. The menu is fetched after
    // the first screen: a user tabs once it is there (tabbing before it would pass it by, into the page's content).
    const menu = 'nav[aria-label="Workspace navigation"]';
    await page.locator(`${menu} a`).first().waitFor();
    await pressTo(`${menu} a`, 'Tab', 'Workspace', 80);
    // The ring is drawn on the menu entry holding the focused link (a link's own ring would be clipped by the entry).
    const ring = await page.evaluate(() => {
      const active = document.activeElement!;
      const style = getComputedStyle(active.closest('[role="menuitem"]') ?? active);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: `${screenshots}keyboard-focus-workspace.png` });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/offers$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await context.close();
  });
});

/**
 * axe-core on the main screens, in English and in Arabic (WCAG 2.2 AA): no serious or critical violation.
 * axe.min.js (the axe-core package) is evaluated in the page by the browser's devtools protocol, which the portal's
 * security policy (scripts from 'self' only) rightly does not see as a page script. Then keyboard-only sign-in and
 * navigation to the offers list, with the focus ring visible on a screenshot.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  chooseLanguage,
  DEMO_PASSWORD,
  launchBrowser,
  newVisitor,
  readSignInCode,
  scrollThroughHome,
  signIn,
} from '../support/portal';

const screenshots = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));
const AXE_SOURCE = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** axe's serious and critical violations of WCAG 2.0–2.2 A and AA on the page as it is now. */
async function seriousViolations(page: Page): Promise<Finding[]> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  // The page at rest, as a reader sees it: a menu fading out after a language choice has passing colours in between.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, options: unknown) => Promise<any> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return (result.violations as any[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: (v.nodes as any[])
          .slice(0, 5)
          .map((n) => `${(n.target as string[]).join(' ')} ${n.failureSummary ?? ''}`),
      }));
  });
}

/** Opens a screen and waits for its main heading. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('h1').first().waitFor();
}

const SIGNED_IN_SCREENS = [
  ['home', '/'],
  ['offers', '/offers'],
  ['offer editor', '/add-offer'],
  ['chat', '/chat'],
  ['audit logs', '/backoffice/audit-logs'],
  ['user management', '/backoffice/user-management'],
  ['global settings', '/global-settings'],
] as const;

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
    it(`the main screens have no serious or critical violation (${language})`, async () => {
      const context = await newVisitor(browser);
      const page = await context.newPage();
      await signIn(page, 'admin@portal.test');
      if (language === 'ar') {
        await chooseLanguage(page, 'العربية');
        await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      }
      const found: Record<string, Finding[]> = {};
      for (const [name, path] of SIGNED_IN_SCREENS) {
        await open(page, path);
        // The home page's lower sections are checked with their content, not their loading skeletons.
        if (path === '/') await scrollThroughHome(page);
        const violations = await seriousViolations(page);
        if (violations.length) found[name] = violations;
      }
      expect(found).toEqual({});
      await context.close();
    });
  }

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

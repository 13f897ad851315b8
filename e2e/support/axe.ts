/**
 * axe-core in the page (WCAG 2.0–2.2 A and AA): the accessibility journey opens every screen whose path holds no
 * record's id; the screens of a record (an offer, a counter offer, a request, a room, a member's schedule) are checked,
 * in English and in Arabic, by the journeys that make their records (`RECORD_SCREENS` says which).
 * axe.min.js (the axe-core package) is evaluated in the page by the browser's devtools protocol, which the portal's
 * security policy (scripts from 'self' only) rightly does not see as a page script.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { WebRoute } from '@portal/shared';
import { chooseLanguage } from './portal';

const AXE_SOURCE = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** axe's serious and critical violations of WCAG 2.0–2.2 A and AA on the page as it is now. */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  // The pointer at rest away from the page's controls (the last click left it over where the next screen's button is).
  await page.mouse.move(0, 0);
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

/** The routes whose path holds a record's id, and the journey that checks each once its record exists. */
export const RECORD_SCREENS = {
  '/edit-offer/:id': 'negotiation.e2e.ts',
  '/response-offer/:id': 'responses.e2e.ts',
  '/view-response-offer/:id': 'negotiation.e2e.ts',
  '/compare-versions/:id': 'versions.e2e.ts',
  '/compare-versions/:id/:counterId': 'negotiation.e2e.ts',
  '/chat/:id/:version': 'chat-rooms.e2e.ts',
  '/gats/:id': 'gats.e2e.ts',
  '/request-offer/:id': 'requests.e2e.ts',
  '/request-offer/:id/:requestId': 'requests.e2e.ts',
} as const satisfies Partial<Record<WebRoute, string>>;

/**
 * The screen as it is now has no serious or critical violation in English, then in Arabic (right to left), and is
 * left in English for the rest of its journey. `name` is the route of the route table the screen answers, and what
 * the run prints as covered.
 */
export async function expectAccessible(page: Page, name: keyof typeof RECORD_SCREENS): Promise<void> {
  const found: Record<string, Finding[]> = {};
  const english = await seriousViolations(page);
  if (english.length) found.en = english;
  await chooseLanguage(page, 'العربية');
  await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  const arabic = await seriousViolations(page);
  if (arabic.length) found.ar = arabic;
  await chooseLanguage(page, 'English');
  expect(found, `axe on ${name}`).toEqual({});
  console.info(`axe: ${name} covered (en, ar)`);
}

/**
 * The offer editor on the screens people use: a 1366 × 768 laptop (with a mouse, and with a touch screen), 200 % zoom
 * (683 × 384 CSS pixels at device scale 2) and a 390 × 844 touch phone. At each, scrolled from top to bottom, no
 * visible control is drawn over another or hidden under anything but the page's header; a sector is reachable by tap
 * (its tab, or the picker the tabs become below 900 px) and opens; wide tables scroll inside their frame. At 1366 × 768
 * the lists show their key columns inside the window, not under the fixed Actions column.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chooseLanguage, clickSettled, launchBrowser, newVisitor, signIn, type Device } from '../support/portal';
import { addSectorWithService, screenshotOnFailure } from './offers-support';

const SCREENS: Record<string, Device> = {
  '1366 × 768': { viewport: { width: 1366, height: 768 } },
  '1366 × 768 touch': { viewport: { width: 1366, height: 768 }, hasTouch: true },
  '200 % zoom': { viewport: { width: 683, height: 384 }, deviceScaleFactor: 2 },
  '390 × 844 phone': { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
};

/**
 * What is wrong with the page as drawn now: a visible control whose centre shows something else (drawn over it,
 * unless that is a bar that stays in place as the page scrolls, like the header, which content passes under), and
 * two visible controls, neither inside the other, whose boxes cross.
 */
function overlapsNow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const CONTROLS =
      'a[href], button, input:not([type="hidden"]), select, textarea, [contenteditable="true"], [role="switch"], ' +
      '[role="combobox"], .ant-select, [tabindex="0"]';
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const floating = (el: Element | null) => {
      for (let e = el; e; e = e.parentElement) {
        const position = getComputedStyle(e).position;
        if (position === 'sticky' || position === 'fixed') return e;
      }
      return null;
    };
    /** The part of the box not cut off by a scrolling or clipping ancestor, nor by the window. */
    const visibleBox = (el: Element) => {
      const r = el.getBoundingClientRect();
      let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
      for (let e = el.parentElement; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const c = e.getBoundingClientRect();
        left = Math.max(left, c.left);
        top = Math.max(top, c.top);
        right = Math.min(right, c.right);
        bottom = Math.min(bottom, c.bottom);
      }
      left = Math.max(left, 0);
      top = Math.max(top, 0);
      right = Math.min(right, innerWidth);
      bottom = Math.min(bottom, innerHeight);
      return right - left > 2 && bottom - top > 2 ? { left, top, right, bottom } : null;
    };
    const shown = [...document.querySelectorAll(CONTROLS)]
      .filter((el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
      .map((el) => ({ el, box: visibleBox(el) }))
      .filter((c): c is { el: Element; box: NonNullable<ReturnType<typeof visibleBox>> } => c.box !== null);
    const problems: string[] = [];
    const drawn: typeof shown = [];
    for (const c of shown) {
      const hit = document.elementFromPoint((c.box.left + c.box.right) / 2, (c.box.top + c.box.bottom) / 2);
      if (!hit) continue;
      if (c.el.contains(hit) || hit.contains(c.el) || hit.closest('label')?.contains(c.el)) {
        drawn.push(c);
        continue;
      }
      // Under a bar that stays in place (the header, the side menu): scrolled past it, as the page should.
      const bar = floating(hit);
      if (bar && !bar.contains(c.el)) continue;
      problems.push(`${describe(c.el)} is covered by ${describe(hit)}`);
    }
    for (let i = 0; i < drawn.length; i++)
      for (let j = i + 1; j < drawn.length; j++) {
        const [a, b] = [drawn[i], drawn[j]];
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (width <= 1 || height <= 1) continue;
        // Crossing boxes count where one of the two is drawn on top there (not where both pass under the header).
        const x = Math.max(a.box.left, b.box.left) + width / 2;
        const y = Math.max(a.box.top, b.box.top) + height / 2;
        const top = document.elementFromPoint(x, y);
        const topBar = floating(top);
        // One passing under the bar the other belongs to (the side menu under the header), as it should.
        if (topBar && topBar.contains(a.el) !== topBar.contains(b.el)) continue;
        if (top && (a.el.contains(top) || b.el.contains(top)))
          problems.push(`${describe(a.el)} and ${describe(b.el)} overlap`);
      }
    return problems;
  });
}

/** Scrolls the page from top to bottom a screen at a time and gathers what overlaps at each stop. */
async function overlapsWhileScrolling(page: Page, where: string): Promise<string[]> {
  await page.mouse.move(1, 1);
  const found = new Set<string>();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = Math.max(200, Math.floor(page.viewportSize()!.height * 0.7));
  for (let y = 0; y < height + step && y < step * 25; y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    for (const problem of await overlapsNow(page)) found.add(`${where} at ${y}px: ${problem}`);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  return [...found];
}

/** The elements that stay in place while the page scrolls (sticky or fixed) among the header and the editor's parts. */
const stickyParts = (page: Page) =>
  page.evaluate(() =>
    ['.app-header', '.editor-tabs', '.offer-editor-actions'].filter((s) => {
      const el = document.querySelector(s);
      return !!el && ['sticky', 'fixed'].includes(getComputedStyle(el).position);
    }),
  );

/** The open panel's heading (the sector's name), once it is there. */
const panelHeading = (page: Page) => page.locator('.offer-editor-panel h2').first().innerText();

describe('the editor on a laptop, at 200 % zoom and on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const [name, device] of Object.entries(SCREENS)) {
    it(`at ${name}: nothing overlaps, a sector opens by tap, the table scrolls in its frame`, async () => {
      const context = await newVisitor(browser, { device });
      const page = await context.newPage();
      const narrow = device.viewport.width < 900;
      try {
        // The secretariat starts an offer for a member state (never saved: the journeys after this one see no offer).
        await signIn(page, 'admin@portal.test');
        await page.goto('/offers');
        await page.getByRole('combobox', { name: 'Member state' }).click();
        await clickSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first());
        await page.getByRole('button', { name: 'Create the offer' }).click();
        await page.waitForURL(/\/add-offer$/);
        const parts = page.getByRole('navigation', { name: 'Parts of the offer' });
        await parts.waitFor();
        await addSectorWithService(page, 'Legal', /1\.A\.a\s+Legal Services/);
        await page
          .getByRole('group', { name: /1\) Cross-border supply/ })
          .first()
          .waitFor();
        await addSectorWithService(page, 'Courier', /2\.B\s+Courier services/);
        await expect.poll(() => panelHeading(page)).toMatch(/Courier/);

        // Below the breakpoint the tabs are a picker; nothing of the editor stays in place on a short or narrow screen.
        const picker = parts.getByLabel('Part of the offer shown');
        expect(await picker.isVisible()).toBe(narrow);
        expect(await parts.getByRole('button', { name: /Legal Services/ }).count()).toBe(narrow ? 0 : 1);
        if (narrow) expect(await stickyParts(page)).not.toContain('.editor-tabs');
        if (device.viewport.height < 600) expect(await stickyParts(page)).toEqual([]);

        expect(await overlapsWhileScrolling(page, 'Courier services')).toEqual([]);

        // A sector reached by tap (or click, without a touch screen) opens.
        const tap = async (target: ReturnType<Page['locator']>) => (device.hasTouch ? target.tap() : target.click());
        if (narrow) {
          await tap(picker);
          const legal = await picker.evaluate(
            (select: HTMLSelectElement) => [...select.options].find((o) => /Legal/.test(o.text))!.value,
          );
          await picker.selectOption(legal);
        } else {
          await tap(parts.getByRole('button', { name: /Legal Services/ }));
          // The tapped tab's codes are not left open over the next tabs: the next tab takes the next tap.
          const courier = parts.getByRole('button', { name: /Courier services/ });
          const box = (await courier.boundingBox())!;
          const hit = await page.evaluate(
            ([x, y]) => document.elementFromPoint(x, y)?.closest('.editor-tab')?.textContent ?? '',
            [box.x + box.width / 2, box.y + box.height / 2],
          );
          expect(hit).toMatch(/Courier/);
        }
        await expect.poll(() => panelHeading(page)).toMatch(/Legal/);
        if (!narrow) {
          await tap(parts.getByRole('button', { name: /Courier services/ }));
          await expect.poll(() => panelHeading(page)).toMatch(/Courier/);
        }

        // The horizontal commitments: the table scrolls inside its frame, its headers whole words.
        if (narrow) {
          await picker.selectOption('0');
        } else {
          await tap(parts.getByRole('button', { name: 'Horizontal commitments' }));
        }
        const frame = page.getByRole('region', { name: 'Horizontal commitments' });
        await frame.waitFor();
        const fit = await frame.evaluate((el) => ({
          frame: el.clientWidth,
          page: document.documentElement.scrollWidth,
          window: window.innerWidth,
          // The narrowest header is at least as wide as its longest word.
          headers: [...el.querySelectorAll('th')]
            .filter((th) => (th.textContent ?? '').trim())
            .map((th) => {
              const range = document.createRange();
              range.selectNodeContents(th);
              const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
              const words = (th.textContent ?? '').trim().split(/\s+/).length;
              return { text: th.textContent, lines, words };
            }),
        }));
        // The page itself never scrolls sideways: only the table's frame does.
        expect(fit.page).toBeLessThanOrEqual(fit.window);
        for (const header of fit.headers) expect(header.lines, header.text ?? '').toBeLessThanOrEqual(header.words);
        if (narrow) await page.getByText('Scroll sideways to see every column.').waitFor();
        expect(await overlapsWhileScrolling(page, 'Horizontal commitments')).toEqual([]);
      } catch (error) {
        await screenshotOnFailure(`layout-${name.replace(/\W+/g, '-')}`, [page]);
        throw error;
      } finally {
        await context.close();
      }
    });
  }
});

describe('the lists at 1366 × 768', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  /** Resolves once the page's first table is drawn with its rows (not under its loading veil). */
  const tableShown = async (page: Page) => {
    await page.locator('.ant-table-thead th').first().waitFor();
    await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
  };

  /** The column headers that are not wholly inside the window or that something (a fixed column) covers. */
  const hiddenHeaders = (page: Page, names: string[]) =>
    page.evaluate((wanted) => {
      const ths = [...document.querySelectorAll('.ant-table-thead th')];
      return wanted.filter((name) => {
        const th = ths.find((h) => (h.textContent ?? '').trim() === name);
        if (!th) return true;
        // Below the fold is not hidden: the reader scrolls down to a table (vertically only, so that a column pushed
        // off to the side or under another still counts as hidden).
        window.scrollTo(0, th.getBoundingClientRect().top + window.scrollY - 200);
        const r = th.getBoundingClientRect();
        if (r.left < 0 || r.right > window.innerWidth || r.width < 8) return true;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !hit || !th.contains(hit);
      });
    }, names);

  it('the offers lists, the audit log and the GATS table show their key columns beside the Actions column', async () => {
    const context = await newVisitor(browser, { device: SCREENS['1366 × 768'] });
    const page = await context.newPage();
    try {
      await signIn(page, 'admin@portal.test');
      const screens: [string, string[]][] = [
        ['/offers', ['Versions', 'Last change', 'Actions']],
        ['/offers-validate', ['Last submitted', 'Versions', 'Country status', 'Actions']],
        ['/backoffice/audit-logs', ['Browser', 'Location']],
        ['/gats', ['Limitations on market access', 'Limitations on national treatment']],
      ];
      for (const [path, columns] of screens) {
        await page.goto(path);
        await tableShown(page);
        expect(await hiddenHeaders(page, columns), path).toEqual([]);
      }
      await chooseLanguage(page, 'Français');
      await page.goto('/offers-done');
      await tableShown(page);
      expect(await hiddenHeaders(page, ['Statut', 'Dernière soumission', 'Actions']), '/offers-done (fr)').toEqual([]);
      await chooseLanguage(page, 'العربية');
      await page.goto('/backoffice/audit-logs');
      await tableShown(page);
      expect(await hiddenHeaders(page, ['المتصفح', 'الموقع']), 'audit log (ar)').toEqual([]);
    } catch (error) {
      await screenshotOnFailure('layout-lists', [page]);
      throw error;
    } finally {
      await context.close();
    }
  });
});

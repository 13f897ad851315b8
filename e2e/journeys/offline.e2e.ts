/**
 * Offline reading: once the portal has been opened, its shell, the offers list and the last opened offer
 * can be read without a connection, under a banner saying so; the banner goes when the connection comes back.
 * Kenya's offer exists by now (offers-workflow makes it; otherwise Kenya saves a draft here), and the editor's lease is
 * released before the journey ends, so later journeys find the offer free.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { blankOfferDocument, blankSector } from '@portal/shared';
import { launchBrowser, logOut, newVisitor, signIn } from '../support/portal';
import { api, apiToken } from '../support/api';

const SERVICE = 'Legal Services';

describe('reading the portal offline', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let offerId: string;

  beforeAll(async () => {
    const token = await apiToken('chief.ke@portal.test');
    const own = await api<{ id: string }[]>(token, 'GET', '/offers');
    if (own.length === 0) {
      const doc = blankOfferDocument();
      doc.name = 'Kenya Conditional Initial Offer';
      doc.sectors = [
        { ...blankSector(`e2e-offline-${Date.now()}`), services: [{ title: SERVICE, value: '1.A.a', key: '1.A.a' }] },
      ];
      offerId = (await api<{ id: string }>(token, 'POST', '/offers', { ...doc, submittedToAU: false })).id;
    } else offerId = own[0].id;
    browser = await launchBrowser();
    context = await newVisitor(browser, { serviceWorker: true });
    page = await context.newPage();
  });
  afterAll(() => browser?.close());

  it('shows the last opened offer without a connection, under an offline banner', async () => {
    await signIn(page, 'chief.ke@portal.test');
    // The service worker takes charge of the open page once installed (no reload needed).
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker?.controller !== null), { timeout: 15_000 })
      .toBe(true);
    const banner = page.getByRole('status').filter({ hasText: 'You are offline' });

    await page.goto('/offers');
    await page.getByRole('heading', { level: 1, name: 'My offers' }).waitFor();
    await page.goto(`/edit-offer/${offerId}`);
    const title = page.getByRole('heading', { level: 1 });
    await title.waitFor();
    const name = await title.innerText();
    expect(await banner.count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await banner.waitFor();
    expect(await banner.innerText()).toContain('Nothing can be saved or sent until the connection is back');

    // The offers list was read before too: it opens from the copy.
    await page.goto('/offers');
    await page.getByRole('heading', { level: 1, name: 'My offers' }).waitFor();
    await page.getByText(name).first().waitFor();

    await context.setOffline(false);
    await expect.poll(() => banner.count()).toBe(0);

    // Online again: open the editor and leave it through the menu, which gives its lease back (the offline visit
    // could not), so later journeys find Kenya's offer free.
    await page.goto(`/edit-offer/${offerId}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const released = page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/offers/checkOpenOffer/${offerId}`),
    );
    await page
      .getByRole('navigation', { name: 'Workspace navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    expect((await released).status()).toBeLessThan(300);
  });

  it("forgets the copies of the user's answers when they sign out", async () => {
    /** The kept answers that belong to the user (the public ones, e.g. /api/home, may stay). */
    const kept = () =>
      page.evaluate(async () => {
        const cache = await caches.open('portal-api-v1');
        return (await cache.keys()).map((r) => new URL(r.url).pathname).filter((p) => /\/(profile|offers)\b/.test(p));
      });
    expect((await kept()).length).toBeGreaterThan(0);
    await logOut(page);
    await expect.poll(kept).toEqual([]);
  });
});

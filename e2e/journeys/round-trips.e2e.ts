/**
 * Round trips on a slow link, counted rather than timed (bench/poor-link.bench.ts times them): the sign-in form works
 * before the app's script has arrived, with only a few small scripts; a screen's code comes in a few files; and a warm
 * visit to a signed-in screen — the offer editor, the offers list, the dashboard, messaging, the workspace — (the
 * service worker installed, its files and the reference data kept) asks the server for little before it works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { blankOfferDocument, blankSector } from '@portal/shared';
import { baseUrl, DEMO_PASSWORD, launchBrowser, newVisitor, readSignInCode, signIn } from '../support/portal';
import { api, apiToken } from '../support/api';

/** What /login may load before its form works (the budget for the sign-in page). */
const LOGIN_JS_FILES = 6;
const LOGIN_JS_BYTES = 100_000;
/**
 * Requests (the page, scripts, styles, API calls) a warm visit to a signed-in screen may send to the server before it
 * works: the page, the screen's start call (the user's profile with what the screen shows: GET /offers/{id}/editor,
 * /offers/start, /dashboard/start, /chats/start, /coverage/start), and the header's notifications, which nothing
 * waits for but which may come back first. The reference data (client settings, home settings, countries, the
 * services classification) and every script come from the service worker.
 */
const WARM_SCREEN_REQUESTS = 3;
/**
 * Script files the editor runs before its tabs work: the app's first-visit chunk (behind its entry and rolldown's
 * runtime), the editor's screen with its copies of shared code, the shared libraries (table, select, tree, zod), the
 * rest of English, the signed-in header's parts and the lazily shown parts (the editor's static imports alone were 63
 * files, one per common chunk).
 */
const EDITOR_SCRIPT_FILES = 28;

/** The app's code (its entry and the modules it imports, hashed files under /assets/), which /login must not wait for. */
const APP_SCRIPT = /\/assets\/[\w-]+\.js$/;

describe('round trips on a slow link', () => {
  let browser: Browser;
  let offerId: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    // Kenya's offer (one a country): the one other journeys made, or a draft made here.
    const token = await apiToken('focal.ke@portal.test');
    const own = await api<{ id: string }[]>(token, 'GET', '/offers');
    offerId = own[0]?.id;
    if (!offerId) {
      const doc = blankOfferDocument();
      doc.name = 'Kenya Conditional Initial Offer';
      doc.sectors = [
        {
          ...blankSector(`e2e-rt-${Date.now()}`),
          services: [{ title: 'Legal Services', value: '1.A.a', key: '1.A.a' }],
        },
      ];
      offerId = (await api<{ id: string }>(token, 'POST', '/offers', { ...doc, submittedToAU: false })).id;
    }
  });
  afterAll(() => browser?.close());

  it("signs in from /login before the app's script has arrived, with at most 6 small scripts", async () => {
    // The server renders the page once its renderer is loaded (the first request may fall back to the bare shell).
    await expect
      .poll(async () => (await (await fetch(`${baseUrl()}/login`)).text()).includes('<form id="login"'), {
        timeout: 30_000,
      })
      .toBe(true);
    const context = await newVisitor(browser);
    const page = await context.newPage();
    // The app's script is held back, as a slow link would: the form must work without it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(APP_SCRIPT, async (route) => {
      await held;
      await route.continue();
    });
    const scripts: Request[] = [];
    page.on('requestfinished', (r) => {
      if (r.resourceType() === 'script') scripts.push(r);
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email address', { exact: true }).fill('chief.ke@portal.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    const signInSent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/oauth/token'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await signInSent;

    const bytes = (await Promise.all(scripts.map(async (r) => (await r.sizes()).responseBodySize))).reduce(
      (a, b) => a + b,
      0,
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.length).toBeLessThanOrEqual(LOGIN_JS_FILES);
    expect(bytes).toBeLessThanOrEqual(LOGIN_JS_BYTES);

    // The app then arrives, takes the answer and goes on to the code.
    release();
    await page.waitForURL(/\/two-factor/);
    await page.getByLabel('Verification code').waitFor();
    await context.close();
  });

  it('opens each signed-in screen warm with few requests to the server before it works', async () => {
    const context = await newVisitor(browser, { serviceWorker: true });
    const page = await context.newPage();
    await signIn(page, 'focal.ke@portal.test');
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker?.controller !== null), { timeout: 15_000 })
      .toBe(true);
    // The first (cold) visits leave the files and the reference data with the service worker.
    await page.goto('/offers');
    await offersListed(page);
    for (const [url, ready] of OTHER_SCREENS) {
      await page.goto(url);
      await ready(page);
    }
    await page.goto(`/edit-offer/${offerId}`);
    await openTab(page);
    await page.waitForLoadState('networkidle');

    const warm: Record<string, string[]> = {};
    warm.editor = await warmRequests(page, `/edit-offer/${offerId}`, openTab);
    // Left through the menu first, which gives the lease back: the next test opens the same offer.
    await leaveEditor(page);
    await page.waitForLoadState('networkidle');
    for (const [url, ready] of [['/offers', offersListed] as const, ...OTHER_SCREENS]) {
      warm[url] = await warmRequests(page, url, ready);
      await page.waitForLoadState('networkidle');
    }
    await context.close();
    for (const [screen, requests] of Object.entries(warm))
      console.log(`warm ${screen}: ${requests.length} requests to the server before it works: ${requests.join(', ')}`);
    for (const [screen, requests] of Object.entries(warm))
      expect(requests.length, screen).toBeLessThanOrEqual(WARM_SCREEN_REQUESTS);
    expect(warm['/offers']).toContain('GET /api/offers/start (worker)');
    expect(warm['/chat']).toContain('GET /api/chats/start (worker)');
  });

  it("loads the editor's code in a few files, not one per module", async () => {
    // Every script the editor's tab runs is asked for (from the browser's cache or not), as on a first visit to it.
    const { context, page } = await secondTabSignedIn(browser);
    const scripts = new Set<string>();
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
    });
    await page.goto(`/edit-offer/${offerId}`);
    await openTab(page);
    const files = [...scripts];
    await leaveEditor(page);
    await context.close();
    console.log(`editor: ${files.length} script files before its tabs work: ${files.join(', ')}`);
    expect(files.length).toBeLessThanOrEqual(EDITOR_SCRIPT_FILES);
  });

  it('asks for what the editor needs at start in one call, not the profile, the offer and the lease one by one', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await signIn(page, 'focal.ke@portal.test');
    // The dashboard the sign-in landed on has finished asking for its own.
    await page.waitForLoadState('networkidle');
    const asked: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() === 'GET' && path.startsWith('/api/')) asked.push(path);
    });
    await page.goto(`/edit-offer/${offerId}`);
    await openTab(page);
    const before = [...asked];
    await leaveEditor(page);
    await context.close();
    expect(before).toContain(`/api/offers/${offerId}/editor`);
    for (const one of ['/api/profile/current', `/api/offers/${offerId}`, `/api/offers/checkOpenOffer/${offerId}`])
      expect(before, `${one} asked on its own`).not.toContain(one);
  });

  it("sends the editor's start call before the app's script has arrived, and only once", async () => {
    const { context, page } = await secondTabSignedIn(browser);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(APP_SCRIPT, async (route) => {
      await held;
      await route.continue();
    });
    const startPath = `/api/offers/${offerId}/editor`;
    let sent = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === startPath) sent++;
    });
    const started = page.waitForRequest((r) => new URL(r.url()).pathname === startPath, { timeout: 15_000 });
    await page.goto(`/edit-offer/${offerId}`, { waitUntil: 'commit' });
    await started;
    release();
    await openTab(page);
    await leaveEditor(page);
    await context.close();
    expect(sent).toBe(1);
  });

  it("asks for the dashboard's list and the signed-in user's profile in one call as the sign-in goes on to it", async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto('/login');
    const since = Date.now();
    await page.getByLabel('Email address', { exact: true }).fill('focal.ke@portal.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/two-factor/);
    const code = await readSignInCode('focal.ke@portal.test', since);
    const asked: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() === 'GET' && path.startsWith('/api/')) asked.push(path);
    });
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL(/\/dashboard/);
    await dashboardShown(page);
    await context.close();
    expect(asked).toContain('/api/dashboard/start');
    for (const one of ['/api/profile/current', '/api/dashboard'])
      expect(asked, `${one} asked on its own`).not.toContain(one);
  });
});

/** A focal point signed in, the dashboard settled, and a second tab of the same session to open a screen in. */
async function secondTabSignedIn(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newVisitor(browser);
  const signedIn = await context.newPage();
  await signIn(signedIn, 'focal.ke@portal.test');
  await signedIn.waitForLoadState('networkidle');
  return { context, page: await context.newPage() };
}

/**
 * The requests that reach the server while `page` opens `url` again until `ready`: the worker's own requests, and the
 * page's that the worker did not answer; not images (the tab icon), which nothing waits on.
 */
async function warmRequests(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<string[]> {
  const toServer: string[] = [];
  const counted = (r: Request) => r.resourceType() !== 'image' && !new URL(r.url()).pathname.endsWith('.svg');
  const onRequest = (r: Request) => {
    if (r.serviceWorker() && counted(r)) toServer.push(`${r.method()} ${new URL(r.url()).pathname} (worker)`);
  };
  const onFinished = async (r: Request) => {
    const response = await r.response().catch(() => null);
    if (!r.serviceWorker() && counted(r) && response && !response.fromServiceWorker())
      toServer.push(`${r.method()} ${new URL(r.url()).pathname}`);
  };
  const onPageRequest = (r: Request) => void onFinished(r);
  page.context().on('request', onRequest);
  page.on('requestfinished', onPageRequest);
  await page.goto(url);
  await ready(page);
  const before = [...toServer];
  page.context().off('request', onRequest);
  page.off('requestfinished', onPageRequest);
  return before;
}

/** The dashboard shows what waits for the user. */
async function dashboardShown(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 2, name: 'What waits for you' }).waitFor();
}

/** The other signed-in screens with a start call, each with what shows it has what it waited for. */
const OTHER_SCREENS: [string, (page: Page) => Promise<void>][] = [
  ['/dashboard', dashboardShown],
  [
    '/chat',
    (page) =>
      page.locator('.chat-room-list').getByRole('button').or(page.getByText('No conversations yet')).first().waitFor(),
  ],
  // The count of offers (followed, in the same line, by the sectors no W/120 item matches when there are any).
  ['/workspace', (page) => page.getByText(/^Offers counted: \d+\./).waitFor()],
];

/** The offers list shows its offers (the one this journey made among them). */
async function offersListed(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Offers' }).waitFor();
  await page.getByRole('table').first().waitFor();
}

/** Leaves the editor through the menu, which gives its lease back for later journeys. */
async function leaveEditor(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Workspace navigation' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.waitForURL(/\/dashboard/);
}

async function openTab(page: Page): Promise<void> {
  const tabs = page.getByRole('navigation', { name: 'Parts of the offer' });
  await tabs.getByRole('button', { name: 'MFN exemptions' }).click();
  await page.getByText(/^List the measures inconsistent with most-favoured-nation/).waitFor();
}

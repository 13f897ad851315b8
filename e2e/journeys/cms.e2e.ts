import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chooseLanguage, launchBrowser, newVisitor, scrollThroughHome, signIn } from '../support/portal';

const screenshots = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));
/** A 2×2 PNG, red. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

describe('content pages and the CMS', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(screenshots, { recursive: true });
  });
  afterAll(() => browser?.close());

  it('a visitor reads the seeded objectives and the public FAQ in French', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 2, name: 'Our objectives' }).waitFor();
    await chooseLanguage(page, 'Français');

    const objectives = page.locator('section#objectives');
    await objectives.getByRole('heading', { level: 2, name: 'Nos objectifs' }).waitFor();
    await objectives.getByRole('heading', { level: 3, name: 'Rédiger ensemble' }).waitFor();
    await objectives.getByRole('heading', { level: 3, name: 'Soumettre et valider' }).waitFor();
    await objectives.getByRole('heading', { level: 3, name: 'Négocier en transparence' }).waitFor();
    // Long texts are cut at 100 characters with a toggle.
    const toggle = objectives.getByRole('button', { name: 'Afficher plus' }).first();
    await toggle.click();
    await objectives.getByRole('button', { name: 'Afficher moins' }).first().waitFor();

    await page.locator('section#about').getByRole('heading', { name: 'À propos du portail', level: 3 }).waitFor();

    await page.getByRole('banner').getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL(/\/faqs-externe$/);
    const question = page.getByRole('button', { name: 'Qui peut utiliser le portail ?' });
    await question.click();
    await page.getByText(/Les comptes sont créés sur invitation/).waitFor();
    await context.close();
  });

  it('the about-us link of the header scrolls to the about section of the home page', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto('/faqs-externe');
    await page.getByRole('banner').getByRole('link', { name: 'About us' }).click();
    await page.waitForURL(/\/#about$/);
    const about = page.locator('section#about');
    await about.getByRole('heading', { name: 'About the portal', level: 3 }).waitFor();
    await expect.poll(() => about.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200);
    await context.close();
  });

  it('the secretariat adds an event with an image, and a visitor sees it on /see-more-events', async () => {
    const title = `Regional services week ${Date.now()}`;
    const staff = await newVisitor(browser);
    const page = await staff.newPage();
    await signIn(page, 'secretariat@portal.test');
    const menu = page.getByRole('navigation', { name: 'Workspace navigation' });
    await menu.getByText('Back Office').click();
    await menu.getByRole('link', { name: 'CMS management' }).click();
    await page.waitForURL(/\/faq-section$/);
    await page
      .getByRole('navigation', { name: 'Content screens' })
      .getByRole('link', { name: 'Events', exact: true })
      .click();
    await page.waitForURL(/\/home-event-section$/);

    await page.getByRole('button', { name: 'Add an entry' }).click();
    const drawer = page.getByRole('dialog', { name: 'New entry' });
    await drawer.getByLabel('Title').fill(title);
    await drawer
      .getByLabel('Summary')
      .fill(
        'Three days of sessions on the schedules of commitments in business and financial services, with the secretariat.',
      );
    await drawer.getByLabel('Date').fill('2026-03-17');
    await drawer.locator('input[type=file]').setInputFiles({ name: 'week.png', mimeType: 'image/png', buffer: PNG });
    await drawer.getByRole('img', { name: 'Preview of the image' }).waitFor();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await drawer.locator('form').getByRole('button', { name: 'Close', exact: true }).click();
    await page.locator('.cms-row-title', { hasText: title }).waitFor();
    await page.screenshot({ path: `${screenshots}cms-events-editor.png`, fullPage: true });
    await staff.close();

    const visitor = await newVisitor(browser);
    const home = await visitor.newPage();
    await home.goto('/see-more-events');
    const card = home.locator('article', { has: home.getByRole('heading', { level: 2, name: title }) });
    await card.waitFor();
    expect(await card.locator('time').getAttribute('datetime')).toBe('2026-03-17');
    expect(await card.locator('time').innerText()).toBe('17 March 2026');
    const image = card.locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
    await visitor.close();
  });

  it('the home page reads right to left in Arabic and fits a 375 px phone in English', async () => {
    const arabic = await newVisitor(browser);
    const page = await arabic.newPage();
    await page.goto('/');
    await chooseLanguage(page, 'العربية');
    await page.locator('section#objectives').getByRole('heading', { level: 3, name: 'صياغة الجداول معًا' }).waitFor();
    await scrollThroughHome(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.screenshot({ path: `${screenshots}home-ar.png`, fullPage: true });
    await arabic.close();

    const phone = await newVisitor(browser, { width: 375 });
    const small = await phone.newPage();
    await small.goto('/');
    await small.locator('section#objectives .objective').first().waitFor();
    await scrollThroughHome(small);
    await small.locator('section#contacts').waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await small.screenshot({ path: `${screenshots}home-en-375.png`, fullPage: true });
    await small.locator('section#objectives').scrollIntoViewIfNeeded();
    await small.screenshot({ path: `${screenshots}home-en-375-objectives.png` });
    await small.locator('section#members').scrollIntoViewIfNeeded();
    await small.screenshot({ path: `${screenshots}home-en-375-members.png` });
    await phone.close();
  });
});

/**
 * The back office and the public forms: the secretariat deactivates a user and sees the status change; a visitor
 * subscribes to the newsletter through the captcha dialog; the secretariat compares two countries' offers side by
 * side (the offers are made and submitted over the API first), then reads the comparison in Arabic.
 */
import { fileURLToPath } from 'node:url';
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { blankOfferDocument, blankRow, blankSector, type OfferDocument, type Sector } from '@portal/shared';
import { chooseLanguage, clickSettled, launchBrowser, newVisitor, settled, signIn } from '../support/portal';
import { screenshotOnFailure } from './offers-support';
import { api, apiToken } from '../support/api';

const screenshots = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));

function sector(code: string, title: string, marketAccess: string): Sector {
  const s = blankSector(crypto.randomUUID());
  s.services = [{ title, value: code, key: code }];
  s.codes = [code];
  s.provisional_codes = [code];
  s.sectorCommitement.limitationsMA.commercialPresence.value = marketAccess;
  return s;
}

function offerDocument(horizontalText: string, sectors: Sector[]): OfferDocument {
  const doc = blankOfferDocument();
  const row = blankRow('horizontal');
  row[0].value = '<b>All sectors included in this schedule</b>';
  row[1].value = horizontalText;
  doc.geenralCommitement = [row];
  doc.sectors = sectors;
  return doc;
}

describe('back office and public forms', () => {
  let browser: Browser;
  let secretariat: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(screenshots, { recursive: true });
    secretariat = await apiToken('secretariat@portal.test');
  });
  afterAll(() => browser?.close());

  it('the secretariat deactivates a user after confirming, and the table shows the new status', async () => {
    // A user of its own, so the seeded accounts other journeys sign in with stay active.
    const email = `kofi.asante.${Date.now()}@trade.gov.gh`;
    await api(secretariat, 'POST', '/profile/invite', [
      {
        titlePrefix: 'Mr',
        firstName: 'Kofi',
        lastName: 'Asante',
        userRole: 'SERVICE_FOCAL_POINT',
        email,
        countryCode: 'GH',
      },
    ]);

    const context = await newVisitor(browser);
    const page = await context.newPage();
    try {
      await signIn(page, 'secretariat@portal.test');
      await page.goto('/backoffice/user-management');
      await page.getByRole('heading', { level: 1, name: 'User management' }).waitFor();
      await page.getByPlaceholder('Search by name, email or country').fill(email);
      const users = page.getByRole('table', { name: 'Users', exact: true });
      const row = users.getByRole('row').filter({ hasText: email });
      await row.getByText('Invitation sent').waitFor();

      await row.getByRole('button', { name: `Deactivate: ${email}` }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: 'Deactivate Kofi Asante?' });
      await confirm.getByText('signed out at once').waitFor();
      await settled(confirm);
      await confirm.getByRole('button', { name: 'Deactivate' }).click();
      await page.locator('.ant-message').getByText('User updated.').waitFor();
      await row.getByText('Deactivated').waitFor();
      await row.getByRole('button', { name: `Activate: ${email}` }).waitFor();

      // The audit trail has it, under its readable name.
      await page.goto('/backoffice/audit-logs');
      await page.getByRole('combobox', { name: 'Filter by action' }).click();
      await page.keyboard.type('User deactivated');
      await clickSettled(
        page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'User deactivated' }),
      );
      await page
        .getByRole('table', { name: 'Audit logs' })
        .getByRole('row')
        .filter({ hasText: email })
        .getByText('User deactivated')
        .waitFor();
    } catch (error) {
      await screenshotOnFailure('backoffice-deactivate', [page]);
      throw error;
    } finally {
      await context.close();
    }
  });

  it('a visitor subscribes to the newsletter by solving the captcha in a dialog', async () => {
    const email = `reader.${Date.now()}@example.org`;
    const context = await newVisitor(browser);
    const page = await context.newPage();
    try {
      await page.goto('/');
      const box = page.getByRole('form', { name: 'Newsletter' });
      await box.getByLabel('Email address for the newsletter').fill('not-an-address');
      await box.getByRole('button', { name: 'Subscribe' }).click();
      await box.getByText('Please enter a valid email').waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);

      await box.getByLabel('Email address for the newsletter').fill(email);
      await box.getByRole('button', { name: 'Subscribe' }).click();
      const dialog = page.getByRole('dialog', { name: 'Subscribe to the newsletter' });
      await dialog.getByText(email).waitFor();
      const subscribe = dialog.getByRole('button', { name: 'Subscribe' });
      expect(await subscribe.isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: 'I am not a robot' }).click();
      await dialog.getByText('Verified').waitFor({ timeout: 30_000 });
      await subscribe.click();
      await page.locator('.ant-message').getByText('You have been subscribed successfully').waitFor();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

      // Stored after the answer, waiting for the owner to follow the mailed confirmation link (double opt-in).
      await expect
        .poll(async () =>
          (await api<{ email: string; confirmed: boolean }[]>(secretariat, 'GET', '/newslettersubscriber')).find(
            (s) => s.email === email,
          ),
        )
        .toMatchObject({ email, confirmed: false });
    } catch (error) {
      await screenshotOnFailure('backoffice-newsletter', [page]);
      throw error;
    } finally {
      await context.close();
    }
  });

  it("the secretariat compares two countries' offers side by side, sector by sector, and in Arabic", async () => {
    // Two countries no other journey uses, so the one offer each country may have is not taken from them.
    const free = await api<{ id: number; code: string; name: string }[]>(
      secretariat,
      'GET',
      '/offers/countiresNoOffer',
    );
    const [first, second] = ['RW', 'BW', 'NA', 'ZM', 'MW', 'TG', 'BJ']
      .map((code) => free.find((c) => c.code === code))
      .filter((c) => c !== undefined);
    expect(second).toBeDefined();
    await api(secretariat, 'POST', '/offers', {
      ...offerDocument('3) Foreign investment above USD 1 million requires approval.', [
        sector('861', 'Legal services', 'None'),
        sector('862', 'Accounting services', 'Unbound'),
      ]),
      submittedToAU: true,
      countryIdCreator: first!.id,
    });
    await api(secretariat, 'POST', '/offers', {
      ...offerDocument('3) Land may be leased to foreigners for at most 99 years.', [
        sector('861', 'Legal services', 'Unbound'),
        sector('871', 'Advertising services', 'None'),
      ]),
      submittedToAU: true,
      countryIdCreator: second!.id,
    });

    const context = await newVisitor(browser);
    const page: Page = await context.newPage();
    try {
      await signIn(page, 'secretariat@portal.test');
      await page.goto('/compare-offers');
      await page.getByRole('heading', { level: 1, name: 'Compare offers' }).waitFor();
      const picker = page.getByRole('combobox', { name: 'Countries to compare' });
      for (const country of [first!, second!]) {
        await picker.click();
        await page.keyboard.type(country.name);
        await clickSettled(
          page
            .locator('.ant-select-dropdown:visible .ant-select-item-option')
            .filter({ hasText: country.name })
            .first(),
        );
      }
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /Compare$/ }).click();

      const left = page.getByRole('region', { name: first!.name });
      const right = page.getByRole('region', { name: second!.name });
      await left.getByText('Foreign investment above USD 1 million').waitFor();
      await right.getByText('Land may be leased to foreigners').waitFor();

      // The sector only the second country commits in: the first shows no commitment.
      await page.getByRole('tab', { name: /871 Advertising services/ }).click();
      const panel = page.getByRole('tabpanel', { name: /871 Advertising services/ });
      await panel.getByRole('region', { name: first!.name }).getByText('No commitment').waitFor();
      await panel.getByRole('region', { name: second!.name }).getByText('871 Advertising services').waitFor();

      // The sector both commit in, matched by its first service, side by side.
      await page.getByRole('tab', { name: /861 Legal services/ }).click();
      const legal = page.getByRole('tabpanel', { name: /861 Legal services/ });
      await legal.getByRole('region', { name: first!.name }).getByText('861 Legal services').waitFor();
      await legal.getByRole('region', { name: second!.name }).getByText('861 Legal services').waitFor();
      expect(await legal.getByText('No commitment').count()).toBe(0);

      await chooseLanguage(page, 'العربية');
      await page.getByRole('button', { name: /مقارنة$/ }).waitFor();
      await page.getByRole('tab', { name: 'الالتزامات الأفقية' }).click();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.screenshot({ path: `${screenshots}compare-offers-ar.png`, fullPage: true });
    } catch (error) {
      await screenshotOnFailure('backoffice-compare', [page]);
      throw error;
    } finally {
      await context.close();
    }
  });
});

/**
 * Who commits a country with a counter offer: the secretariat has submitted an offer for a
 * country without one (through the API). Kenya's focal point answers it without changing anything: the screen asks
 * first, then saves a draft for the chief negotiator. The other country does not see the draft; Kenya's chief
 * negotiator finds it on /offers, sends it in the country's name with one action, and then it is seen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { blankOfferDocument, type ResponseSummary } from '@portal/shared';
import { launchBrowser, newVisitor, settled, signIn } from '../support/portal';
import { api, apiToken } from '../support/api';
import { expectToast, screenshotOnFailure } from './offers-support';

describe('a focal point drafts a counter offer, the chief negotiator sends it', () => {
  let browser: Browser;
  let focal: Page;
  let chief: Page;
  let secretariat: string;
  let offerId: string;
  let countryName: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    secretariat = await apiToken('secretariat@portal.test');
    const free = await api<{ id: number; code: string; name: string }[]>(
      secretariat,
      'GET',
      '/offers/countiresNoOffer',
    );
    const country = free.find((c) => !['KE', 'SN', 'GH'].includes(c.code)) ?? free[0];
    countryName = country.name;
    offerId = (
      await api<{ id: string }>(secretariat, 'POST', '/offers', {
        ...blankOfferDocument(),
        submittedToAU: true,
        countryIdCreator: country.id,
      })
    ).id;
    focal = await (await newVisitor(browser)).newPage();
    chief = await (await newVisitor(browser)).newPage();
    await signIn(focal, 'focal.ke@portal.test');
    await signIn(chief, 'chief.ke@portal.test');
  });
  afterAll(() => browser?.close());

  const kenyasOn = async (token: string) =>
    (await api<ResponseSummary[]>(token, 'GET', `/response-offer?offerId=${offerId}`)).filter(
      (r) => r.responderCountryCode === 'KE',
    );

  it('the focal point is asked before saving a counter offer with no change, and saves a draft', async () => {
    try {
      await focal.goto('/offers-done');
      await focal.getByRole('button', { name: `Counter offer: ${countryName}` }).click();
      await focal.waitForURL(new RegExp(`/response-offer/${offerId}$`));
      await focal.getByText(/Only your chief negotiator can send a counter offer/).waitFor();
      expect(await focal.getByRole('button', { name: 'Send counter offer' }).count()).toBe(0);

      await focal.getByRole('button', { name: 'Save for the chief negotiator' }).click();
      const dialog = focal.getByRole('dialog', { name: 'This counter offer changes nothing' });
      await settled(dialog);
      await dialog.getByRole('button', { name: 'Yes, without changes' }).click();
      await focal.waitForURL(/\/offers$/, { timeout: 60_000 });
      await expectToast(focal, /saved as a draft/);

      // Drafts stay with Kenya: the secretariat (and the other country) do not see it yet.
      expect(await kenyasOn(secretariat)).toHaveLength(0);
      expect((await kenyasOn(await apiToken('chief.ke@portal.test'))).map((r) => r.status)).toContain('DRAFT');
    } catch (error) {
      await screenshotOnFailure('counter-drafts-focal', [focal]);
      throw error;
    }
  });

  it("the chief negotiator sends the draft in the country's name from /offers", async () => {
    try {
      await chief.goto('/offers');
      const sent = chief.getByRole('region', { name: 'Sent' });
      const row = sent.getByRole('row').filter({ hasText: countryName }).filter({ hasText: 'Draft' }).first();
      await row.getByRole('button', { name: 'Send in the country’s name' }).click();
      const confirm = chief.locator('.ant-modal-confirm');
      // It names the country answered and the number of changes (this draft changes none).
      await confirm
        .getByText(`It answers the offer of ${countryName}. Changed entries: 0.`, { exact: false })
        .waitFor();
      await confirm.getByRole('button', { name: 'Send in the country’s name' }).click();
      await expectToast(chief, `The counter offer has been sent to ${countryName}.`);
      const seen = await kenyasOn(secretariat);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ status: 'SENT', changedEntries: 0 });
    } catch (error) {
      await screenshotOnFailure('counter-drafts-chief', [chief]);
      throw error;
    }
  });
});

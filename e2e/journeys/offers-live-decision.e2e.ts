/**
 * The secretariat's loop without a reload: Kenya's chief negotiator has read the offer in the editor and went back to
 * the offer list; the secretariat (another browser) sends the offer back with a comment. Without reloading, the list
 * shows 'Returned', and reopening the offer shows the comment and the 'Update offer' action (the live notification
 * names the offer; the client reads it and its lists again). Starts from any state of Kenya's offer but final.
 */
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { awaitsReview, blankOfferDocument, type Offer, type OfferListItem } from '@portal/shared';
import { launchBrowser, newVisitor, signIn } from '../support/portal';
import { api, apiToken, expectToast, screenshotOnFailure } from './offers-support';

const COMMENT = 'Live: please bind mode 4 for engineers.';

/** Kenya's offer awaiting the secretariat's decision: created, or submitted again as the editor would. */
async function kenyaAwaitingReview(): Promise<string> {
  const chief = await apiToken('chief.ke@portal.test');
  const listed = (await api<OfferListItem[]>(chief, 'GET', '/offers')).find((o) => o.countryCode === 'KE');
  if (!listed) {
    const body = { ...blankOfferDocument(), name: 'Kenya Conditional Initial Offer', submittedToAU: true };
    return (await api<{ id: string }>(chief, 'POST', '/offers', body)).id;
  }
  if (awaitsReview(listed.status)) return listed.id;
  const offer = await api<Offer & Record<string, unknown>>(chief, 'GET', `/offers/${listed.id}`);
  const doc = Object.fromEntries(Object.keys(blankOfferDocument()).map((k) => [k, offer[k]]));
  await api(chief, 'PUT', `/offers/${listed.id}`, { ...doc, submittedToAU: true, revision: offer.revision });
  return listed.id;
}

describe("the secretariat's decision reaches the country's open screens", () => {
  let browser: Browser;
  let chiefPage: Page;
  let staffPage: Page;
  let offerId: string;

  beforeAll(async () => {
    offerId = await kenyaAwaitingReview();
    browser = await launchBrowser();
    chiefPage = await (await newVisitor(browser)).newPage();
    staffPage = await (await newVisitor(browser)).newPage();
  });
  afterAll(() => browser?.close());
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await screenshotOnFailure('offers-live-decision', [chiefPage, staffPage]);
  });

  it("shows 'Returned', the comment and 'Update offer' without a reload", async () => {
    const page = chiefPage;
    await signIn(page, 'chief.ke@portal.test');
    // The chief negotiator reads the offer first (it is kept in the page), then goes back to the list.
    await page.goto(`/edit-offer/${offerId}`);
    const tabs = page.getByRole('navigation', { name: 'Parts of the offer' });
    await tabs.waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/offers$/);
    const row = page.locator(`tr[data-row-key="${offerId}"]`);
    await row.waitFor();

    await signIn(staffPage, 'secretariat@portal.test');
    await staffPage.goto('/offers-validate');
    const staffRow = staffPage
      .getByRole('row')
      .filter({ hasText: 'Kenya' })
      .filter({ has: staffPage.getByRole('button', { name: 'Send back' }) });
    await staffRow.getByRole('button', { name: 'Send back' }).click();
    const dialog = staffPage.getByRole('dialog', { name: /Send the offer back to Kenya/ });
    await dialog.getByLabel('Comment for the country (required)').fill(COMMENT);
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await expectToast(staffPage, 'The offer has been sent back to Kenya.');

    // No reload from here on: the list follows, then the offer opened again from it.
    await row.getByRole('cell', { name: 'Returned' }).waitFor();
    await row.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(new RegExp(`/edit-offer/${offerId}$`));
    await page.locator('.offers-subtitle').filter({ hasText: 'Returned' }).waitFor();
    await page.locator('.returned-notice').getByText(COMMENT).waitFor();
    await tabs.getByRole('button', { name: 'MFN exemptions' }).click();
    await page.getByRole('button', { name: 'Update offer' }).waitFor();
    // Leave the offer free for the journeys after this one.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/offers$/);
  });
});

/**
 * Oneself on two machines: Kenya's chief negotiator edits the offer in one browser and opens it in another. The
 * second is told the offer is open in their other session and takes it over; the first turns read-only with a notice,
 * told live, and keeps its unsaved change in its browser (taking the offer back there offers to restore it).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { blankOfferDocument, type OfferListItem } from '@portal/shared';
import { launchBrowser, newVisitor, signIn } from '../support/portal';
import { api, apiToken, screenshotOnFailure } from './offers-support';

/** Kenya's offer, created as a draft when there is none yet. */
async function kenyaOffer(): Promise<string> {
  const chief = await apiToken('chief.ke@portal.test');
  const listed = (await api<OfferListItem[]>(chief, 'GET', '/offers')).find((o) => o.countryCode === 'KE');
  if (listed) return listed.id;
  const body = { ...blankOfferDocument(), name: 'Kenya Conditional Initial Offer', submittedToAU: false };
  return (await api<{ id: string }>(chief, 'POST', '/offers', body)).id;
}

describe('one negotiator in two sessions', () => {
  let browser: Browser;
  let office: Page;
  let laptop: Page;
  let offerId: string;

  beforeAll(async () => {
    offerId = await kenyaOffer();
    browser = await launchBrowser();
    office = await (await newVisitor(browser)).newPage();
    laptop = await (await newVisitor(browser)).newPage();
  });
  afterAll(() => browser?.close());
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await screenshotOnFailure('offers-two-sessions', [office, laptop]);
  });

  it('the second session takes the offer over; the first turns read-only and keeps its draft', async () => {
    await signIn(office, 'chief.ke@portal.test');
    await office.goto(`/edit-offer/${offerId}`);
    const title = office.getByLabel('Title of the offer');
    await title.waitFor();
    await title.fill('Kenya offer, edited at the office');
    await office.getByText('Unsaved changes (kept in this browser)').waitFor();

    await signIn(laptop, 'chief.ke@portal.test');
    await laptop.goto(`/edit-offer/${offerId}`);
    const notice = laptop.locator('.lease-elsewhere');
    await notice.getByText('This offer is open in your other session').waitFor();
    await laptop.getByRole('button', { name: 'Take over here' }).click();
    await laptop.getByRole('navigation', { name: 'Parts of the offer' }).waitFor();
    await laptop.getByLabel('Title of the offer').waitFor();

    // The office is told live: read-only, with the notice, and no editor left.
    await office.locator('.lease-elsewhere').getByText('You took this offer over in your other session').waitFor();
    await office.getByLabel('Title of the offer').waitFor({ state: 'detached' });

    // The laptop gives the offer back (Cancel, nothing changed there); the office takes it back and finds its work.
    await laptop.getByRole('button', { name: 'Cancel' }).click();
    await laptop.waitForURL(/\/offers$/);
    await office.getByRole('button', { name: 'Take over here' }).click();
    const banner = office.locator('.restore-banner');
    await banner.getByText(/were found in this browser/).waitFor();
    await banner.getByRole('button', { name: 'Restore' }).click();
    await office.getByLabel('Title of the offer').waitFor();
    await expect
      .poll(() => office.getByLabel('Title of the offer').inputValue())
      .toBe('Kenya offer, edited at the office');
    // Leave without saving, so the offer stays as it was for the journeys after this one.
    await office.getByRole('button', { name: 'Cancel' }).click();
    await office.getByRole('button', { name: 'Discard changes' }).click();
    await office.waitForURL(/\/offers$/);
  });
});

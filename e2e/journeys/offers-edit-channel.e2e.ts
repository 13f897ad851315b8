/**
 * The live edit channel (spec section 4): while the secretariat has Ghana's offer open in the editor, the
 * administrator's offer list says who is editing it, live, and stops saying so once the editor is closed. Nothing is
 * saved: the offer is left as it was.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { blankOfferDocument } from '@portal/shared';
import { launchBrowser, newVisitor, signIn } from '../support/portal';
import { api, apiToken } from '../support/api';

describe('who is editing an offer, live', () => {
  let browser: Browser;
  let offerId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const secretariat = await apiToken('secretariat@portal.test');
    const offers = await api<{ id: string; countryCode: string | null }[]>(secretariat, 'GET', '/offers');
    const ghana = offers.find((o) => o.countryCode === 'GH');
    if (ghana) offerId = ghana.id;
    else {
      const countries = await api<{ id: number; code: string }[]>(secretariat, 'GET', '/countries');
      offerId = (
        await api<{ id: string }>(secretariat, 'POST', '/offers', {
          ...blankOfferDocument(),
          name: 'Ghana Conditional Initial Offer',
          submittedToAU: true,
          countryIdCreator: countries.find((c) => c.code === 'GH')!.id,
        })
      ).id;
    }
  });
  afterAll(() => browser?.close());

  it("shows 'Being edited by' in another user's list while the editor is open, and not after", async () => {
    const watcher = await (await newVisitor(browser)).newPage();
    await signIn(watcher, 'admin@portal.test');
    await watcher.goto('/offers');
    const ghanaRow = watcher.locator(`tr[data-row-key="${offerId}"]`);
    await ghanaRow.waitFor();

    const editor = await (await newVisitor(browser)).newPage();
    await signIn(editor, 'secretariat@portal.test');
    await editor.goto(`/edit-offer/${offerId}`);
    await ghanaRow.getByText('Being edited by Kwame Mensah').waitFor({ timeout: 20_000 });

    // The editor goes elsewhere in the portal: its closing is announced and the list follows.
    await editor
      .getByRole('navigation', { name: 'Workspace navigation' })
      .getByRole('link', { name: 'Workspace' })
      .click();
    await editor.waitForURL(/\/offers-validate$/);
    await ghanaRow.getByText('Being edited by Kwame Mensah').waitFor({ state: 'detached', timeout: 20_000 });
  });
});

/**
 * Requests: Senegal's chief negotiator requests two sectors of Kenya's conditional offer through the editor
 * and submits; Kenya's chief negotiator finds it in /request-offer/, makes a revised version of the offer and answers
 * the request with it, then discusses it in the two countries' room; Senegal sees "Answered", and reads the pages in
 * Arabic, right to left. Kenya's offer is left validated, as the other journeys expect it (offers-workflow's rule).
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  awaitsReview,
  blankOfferDocument,
  blankSector,
  type Offer,
  type OfferDocument,
  type OfferListItem,
} from '@portal/shared';
import { chooseLanguage, launchBrowser, newVisitor, signIn } from '../support/portal';
import { addSectorWithService, chooseOption, expectToast, screenshotOnFailure, setLevel } from './offers-support';
import { api, apiToken } from '../support/api';
import { expectAccessible } from '../support/axe';

const screenshots = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));
const NOTE = 'Senegal asks Kenya to open legal and courier services.';
const ANSWER = 'Our revised offer binds mode 3 for legal services.';

/** The editable document of an offer as GET /offers/{id} answers it. */
const documentOf = (o: Offer): OfferDocument => {
  const doc = blankOfferDocument();
  for (const key of Object.keys(doc) as (keyof OfferDocument)[]) (doc as Record<string, unknown>)[key] = o[key];
  return doc;
};

/** Submits Kenya's offer (a new version) over the API, as its chief negotiator would from the editor. */
async function submitKenya(token: string, offerId: string, change: (doc: OfferDocument) => void): Promise<void> {
  const current = await api<Offer>(token, 'GET', `/offers/${offerId}`);
  const doc = documentOf(current);
  change(doc);
  await api(token, 'GET', `/offers/checkOpenOffer/${offerId}`).catch(() => undefined);
  await api(token, 'PUT', `/offers/${offerId}?isEdited=false`, {
    ...doc,
    submittedToAU: true,
    revision: current.revision,
  });
  await api(token, 'DELETE', `/offers/checkOpenOffer/${offerId}`).catch(() => undefined);
}

/** Kenya's offer, validated if a version awaits the secretariat's decision (so that Kenya may submit again). */
async function kenyaDecided(staffToken: string): Promise<OfferListItem | undefined> {
  const offer = (await api<OfferListItem[]>(staffToken, 'GET', '/offers/validate')).find((o) => o.countryCode === 'KE');
  if (offer && awaitsReview(offer.status)) await api(staffToken, 'POST', `/offers/${offer.id}/validate`);
  return offer;
}

describe('requests between Senegal and Kenya', () => {
  let browser: Browser;
  let senegal: BrowserContext;
  let kenya: BrowserContext;
  let sn: Page;
  let ke: Page;
  let keToken: string;
  let staffToken: string;
  let offerId: string;
  let requestPath: string;

  beforeAll(async () => {
    keToken = await apiToken('chief.ke@portal.test');
    staffToken = await apiToken('secretariat@portal.test');
    // Kenya needs a conditional offer: an earlier journey usually made it; otherwise Kenya submits one now.
    const own = await api<{ id: string }[]>(keToken, 'GET', '/offers');
    if (own.length === 0) {
      const doc = blankOfferDocument();
      doc.name = 'Kenya Conditional Initial Offer';
      doc.sectors = [
        {
          ...blankSector(`e2e-req-${Date.now()}`),
          services: [{ title: 'Legal Services', value: '1.A.a', key: '1.A.a' }],
        },
      ];
      offerId = (await api<{ id: string }>(keToken, 'POST', '/offers', { ...doc, submittedToAU: true })).id;
    } else offerId = own[0].id;
    await kenyaDecided(staffToken);
    browser = await launchBrowser();
    await mkdir(screenshots, { recursive: true });
    senegal = await newVisitor(browser);
    kenya = await newVisitor(browser);
    sn = await senegal.newPage();
    ke = await kenya.newPage();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await screenshotOnFailure(`requests-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`, [sn, ke]);
  });
  afterAll(async () => {
    await browser?.close();
    // Leave Kenya's offer decided (validated), so a later journey may submit it again.
    await kenyaDecided(staffToken);
  });

  it('Senegal requests two sectors of Kenya’s offer and submits the request', async () => {
    await signIn(sn, 'chief.sn@portal.test');
    await sn.getByRole('navigation', { name: 'Workspace navigation' }).getByRole('link', { name: 'Requests' }).click();
    await sn.getByRole('heading', { level: 1, name: 'Offer requests' }).waitFor();
    await sn.getByRole('combobox', { name: 'New request to the offer of' }).click();
    await chooseOption(sn, /^Kenya — /);
    await sn.getByRole('link', { name: 'Start the request' }).click();
    await sn.waitForURL(new RegExp(`/request-offer/${offerId}$`));
    await sn.getByRole('heading', { level: 1, name: 'Request to Kenya' }).waitFor();
    await expectAccessible(sn, '/request-offer/:id');

    // Saving with no sector is refused on the spot.
    await sn.getByRole('textbox', { name: 'Covering note' }).fill(NOTE);
    await sn.getByRole('button', { name: 'Save draft' }).click();
    await sn.getByRole('alert').filter({ hasText: 'Choose at least one sector to request.' }).waitFor();

    await addSectorWithService(sn, 'Legal', /1\.A\.a\s+Legal Services/);
    await setLevel(sn, '3) Commercial presence', 0, /^None$/);
    await addSectorWithService(sn, 'Courier', /2\.B\s+Courier services/);
    await setLevel(sn, '1) Cross-border supply', 1, /^None$/);
    await sn
      .getByRole('navigation', { name: 'Parts of the offer' })
      .getByRole('button', { name: 'Review and send' })
      .click();
    const review = sn.getByRole('table', { name: 'Sectors requested' });
    await review.getByText(/1\.A\.a/).waitFor();
    await review.getByText(/2\.B/).waitFor();
    await sn.screenshot({ path: `${screenshots}requests-editor.png`, fullPage: true });

    await sn.getByRole('button', { name: 'Submit request' }).click();
    await sn.locator('.ant-modal-confirm').getByRole('button', { name: 'Submit request' }).click();
    await sn.waitForURL(new RegExp(`/request-offer/${offerId}/[0-9a-f-]{36}$`));
    requestPath = new URL(sn.url()).pathname;
    await expectToast(sn, 'Request sent.');
    await sn.getByText('From Senegal to Kenya').waitFor();
    await sn.locator('.request-header').getByText('Sent', { exact: true }).waitFor();
    // Read-only beside Kenya's offer, entry by entry.
    const legal = sn.getByRole('table', { name: /1\.A\.a/ });
    const mode3 = legal.getByRole('row', { name: /Limitations on market access — 3\) Commercial presence/ });
    await mode3.getByRole('cell').first().getByText('None').waitFor();
    expect(await sn.getByRole('button', { name: 'Withdraw' }).count()).toBe(1);
    await sn.screenshot({ path: `${screenshots}requests-sent.png`, fullPage: true });
    await expectAccessible(sn, '/request-offer/:id/:requestId');
  });

  it('Kenya finds the request, answers it with a revised version of its offer, and discusses it', async () => {
    await signIn(ke, 'chief.ke@portal.test');
    await ke.goto('/request-offer');
    const received = ke.getByRole('table', { name: 'Requests received' });
    const row = received.getByRole('row').filter({ hasText: 'Senegal' }).filter({ hasText: 'Sent' }).first();
    await row.waitFor();
    expect(await row.getByRole('cell').nth(4).innerText()).toBe('2');
    await row.getByRole('link', { name: 'Open: Senegal' }).click();
    await ke.waitForURL(`**${requestPath}`);
    await ke.getByRole('heading', { name: 'Answer this request' }).waitFor();

    // Kenya revises its offer in answer (over the API, as the offer journeys cover the editor).
    await submitKenya(keToken, offerId, (doc) => {
      doc.description = `${doc.description}<p>Revised in answer to Senegal's request.</p>`;
    });
    const versions = await api<{ number: number }[]>(keToken, 'GET', `/offers/version/${offerId}`);
    const revised = Math.max(...versions.map((v) => v.number));
    await ke.reload();
    await ke.getByRole('combobox', { name: 'Version that answers' }).click();
    await chooseOption(ke, new RegExp(`^Version ${revised} `));
    await ke.getByRole('textbox', { name: 'Note (optional)' }).fill(ANSWER);
    await ke.getByRole('button', { name: 'Send the answer' }).click();
    await expectToast(ke, 'The answer was sent.');
    await ke.getByText(`Answered with version ${revised} of the offer.`).waitFor();
    await ke.locator('.request-header').getByText('Answered', { exact: true }).waitFor();

    await ke.getByRole('button', { name: 'Discuss' }).click();
    await ke.waitForURL(/\/chat\/[0-9a-f-]{36}\/0$/);
    await ke
      .getByText(/Request from Senegal to Kenya on .+ \(2 sectors\)/)
      .first()
      .waitFor();
    // The message is written from its anchor, with a link back to the request (no raw address in the text).
    expect(await ke.locator('.chat-messages').innerText()).not.toContain(requestPath);
    await ke.getByRole('link', { name: 'Open the request' }).first().click();
    await ke.waitForURL(`**${requestPath}`);
  });

  it('Senegal sees the request answered, in English and in Arabic (right to left)', async () => {
    await sn.goto('/request-offer');
    const sent = sn.getByRole('table', { name: 'Requests sent' });
    await sent.getByRole('row').filter({ hasText: 'Kenya' }).filter({ hasText: 'Answered' }).first().waitFor();

    await chooseLanguage(sn, 'العربية');
    await sn.getByRole('heading', { level: 1, name: 'طلبات العروض' }).waitFor();
    expect(await sn.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const row = sn.getByRole('table', { name: 'الطلبات المرسلة' }).getByRole('row').filter({ hasText: 'كينيا' });
    await row.filter({ hasText: 'تم الرد' }).first().waitFor();
    // The side menu is on the right, the page on the left.
    const menu = await sn.getByRole('navigation', { name: 'التنقل في مساحة العمل' }).boundingBox();
    const main = await sn.locator('#main').boundingBox();
    expect(menu!.x).toBeGreaterThan(main!.x);

    await sn.goto(requestPath);
    await sn.getByText('من السنغال إلى كينيا').waitFor();
    await sn.getByRole('heading', { name: 'ردّ كينيا' }).waitFor();
    await sn.getByText(ANSWER).waitFor();
    await sn.screenshot({ path: `${screenshots}requests-answered-ar.png`, fullPage: true });
  });
});

/**
 * A counter offer answered entry by entry (DESIGN 13): Kenya's offer is submitted and Senegal has sent a counter offer
 * changing two entries (through the API, as preconditions). Senegal's chief negotiator has the comparison open, its
 * decision column read-only. Kenya's chief negotiator opens the counter offer, answers it entry by entry: accepts
 * one entry and declines the other with a reason. Senegal's screen shows both decisions and the reason without a
 * reload; Kenya's editor counts the accepted change, not yet submitted, and marks the entry with where it came from.
 * Starts from any state of Kenya's offer but final; leaves it validated with nothing accepted in its draft, as the
 * other journeys expect it (offers-workflow's rule).
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  awaitsReview,
  blankOfferDocument,
  blankSector,
  type Offer,
  type OfferDocument,
  type OfferListItem,
  type ResponseEntries,
  type ResponseSummary,
  type Sector,
} from '@portal/shared';
import { launchBrowser, newVisitor, signIn } from '../support/portal';
import { api, apiToken } from '../support/api';
import { expectToast, screenshotOnFailure } from './offers-support';
import { expectAccessible } from '../support/axe';

const screenshots = new URL('../../test-results/e2e/', import.meta.url).pathname;
const REASON = 'Mode 1 stays unbound until our regulator has reviewed it.';
/** The two entries Senegal changes, as the comparison's rows name them. */
const MA_MODE_3 = 'Limitations on market access — 3) Commercial presence';
const NT_MODE_1 = 'Limitations on national treatment — 1) Cross-border supply';

function sector(code: string, title: string): Sector {
  return {
    ...blankSector(`e2e-neg-${code}-${Date.now()}`),
    services: [{ title, value: code, key: code }],
    codes: [code],
    provisional_codes: [code],
  };
}

/** Kenya's schedule: two sectors, every entry at its default. */
function kenyaSchedule(): OfferDocument {
  const doc = blankOfferDocument();
  doc.name = 'Kenya Conditional Initial Offer';
  doc.description = '<p>Kenya opening statement.</p>';
  doc.sectors = [sector('861', 'Legal services'), sector('862', 'Accounting, auditing and bookkeeping services')];
  return doc;
}

/** The editable document of an offer as GET /offers/{id} answers it. */
const documentOf = (o: Offer): OfferDocument => {
  const doc = blankOfferDocument();
  for (const key of Object.keys(doc) as (keyof OfferDocument)[]) (doc as Record<string, unknown>)[key] = o[key];
  return doc;
};

/** Kenya's offer, validated if a version awaits the secretariat's decision (so that Kenya may submit again). */
async function kenyaDecided(staffToken: string): Promise<void> {
  const offer = (await api<OfferListItem[]>(staffToken, 'GET', '/offers/validate')).find((o) => o.countryCode === 'KE');
  if (offer && awaitsReview(offer.status)) await api(staffToken, 'POST', `/offers/${offer.id}/validate`);
}

/** Kenya's offer with this journey's schedule as its latest submitted version: created, or submitted again. */
async function kenyaSubmitted(keToken: string, staffToken: string): Promise<string> {
  const own = await api<{ id: string }[]>(keToken, 'GET', '/offers');
  if (own.length === 0)
    return (await api<{ id: string }>(keToken, 'POST', '/offers', { ...kenyaSchedule(), submittedToAU: true })).id;
  const offerId = own[0].id;
  await kenyaDecided(staffToken);
  const current = await api<Offer>(keToken, 'GET', `/offers/${offerId}`);
  await api(keToken, 'GET', `/offers/checkOpenOffer/${offerId}`).catch(() => undefined);
  try {
    await api(keToken, 'PUT', `/offers/${offerId}?isEdited=false`, {
      ...kenyaSchedule(),
      submittedToAU: true,
      revision: current.revision,
    });
  } finally {
    await api(keToken, 'DELETE', `/offers/checkOpenOffer/${offerId}`).catch(() => undefined);
  }
  return offerId;
}

/** Senegal's counter offer to Kenya's latest version: mode 3 market access and mode 1 national treatment 'None'. */
async function senegalCounterOffer(snToken: string, offerId: string): Promise<string> {
  const counter = documentOf(await api<Offer>(snToken, 'GET', `/offers/${offerId}`));
  const bySector = (code: string) => counter.sectors.find((s) => s.services.some((v) => v.value === code))!;
  // Marked as the counter offer's editor marks an entry whose level it changed (counterEntry.ts).
  const proposal = { value: 'None', hasChanged: true, edited: true, resolved: false };
  Object.assign(bySector('861').sectorCommitement.limitationsMA.commercialPresence, proposal);
  Object.assign(bySector('862').sectorCommitement.limitationsOnNationalTreatment.crossBorder, proposal);
  return (await api<ResponseSummary>(snToken, 'POST', `/response-offer/${offerId}`, { offer: counter })).id;
}

describe('a counter offer answered entry by entry, seen live by the other country', () => {
  let browser: Browser;
  let sn: Page;
  let ke: Page;
  let keToken: string;
  let staffToken: string;
  let offerId: string;
  let responseId: string;

  beforeAll(async () => {
    keToken = await apiToken('chief.ke@portal.test');
    staffToken = await apiToken('secretariat@portal.test');
    offerId = await kenyaSubmitted(keToken, staffToken);
    responseId = await senegalCounterOffer(await apiToken('chief.sn@portal.test'), offerId);
    const entries = await api<ResponseEntries>(keToken, 'GET', `/response-offer/${responseId}/entries`);
    expect(entries.summary).toEqual({ open: 2, accepted: 0, declined: 0 });

    browser = await launchBrowser();
    await mkdir(screenshots, { recursive: true });
    sn = await (await newVisitor(browser)).newPage();
    ke = await (await newVisitor(browser)).newPage();
    await signIn(sn, 'chief.sn@portal.test');
    await signIn(ke, 'chief.ke@portal.test');
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await screenshotOnFailure(`negotiation-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`, [sn, ke]);
  });
  afterAll(async () => {
    await browser?.close();
    if (!responseId) return;
    // Leave Kenya's draft as its last version (the accepted value taken back out) and the offer decided (validated),
    // so a later journey may edit and submit it again.
    const { entries } = await api<ResponseEntries>(keToken, 'GET', `/response-offer/${responseId}/entries`);
    for (const entry of entries.filter((e) => e.decision === 'ACCEPTED'))
      await api(keToken, 'PUT', `/response-offer/${responseId}/entries/${entry.key}`, { decision: 'OPEN' });
    await kenyaDecided(staffToken);
  });

  /** The comparison's row of a changed entry, by its label. */
  const changedRow = (page: Page, label: string) =>
    page.locator('table.version-compare-grid tr[data-change]').filter({ hasText: label });
  const summary = (page: Page) => page.locator('.decision-summary');

  it('Senegal opens the comparison of its counter offer: the decisions are shown, not made', async () => {
    await sn.goto(`/compare-versions/${offerId}/${responseId}`);
    await summary(sn).getByText('Open: 2 · Accepted: 0 · Declined: 0').waitFor();
    await sn.getByText('Changed entries: 2').waitFor();
    for (const label of [MA_MODE_3, NT_MODE_1]) {
      const row = changedRow(sn, label);
      await row.locator('.entry-decision-state').getByText('Open', { exact: true }).waitFor();
      expect(await row.locator('td').nth(1).innerText()).toContain('None');
      // Read-only for the proposer: no Accept, Decline or Reopen; the negotiation room is open to both.
      expect(await row.getByRole('button', { name: /^(Accept|Decline|Reopen)/ }).count()).toBe(0);
      await row.getByRole('button', { name: /^Discuss this entry/ }).waitFor();
    }
    await expectAccessible(sn, '/compare-versions/:id/:counterId');
  });

  it('Kenya accepts one entry and declines the other with a reason; Senegal sees both without a reload', async () => {
    await ke.goto(`/view-response-offer/${responseId}`);
    await ke.getByRole('link', { name: 'Answer entry by entry' }).waitFor();
    await expectAccessible(ke, '/view-response-offer/:id');
    await ke.getByRole('link', { name: 'Answer entry by entry' }).click();
    await ke.waitForURL(new RegExp(`/compare-versions/${offerId}/${responseId}$`));
    await summary(ke).getByText('Open: 2 · Accepted: 0 · Declined: 0').waitFor();

    const accepted = changedRow(ke, MA_MODE_3);
    await accepted.getByRole('button', { name: 'Accept the proposed value (861)' }).click();
    await expectToast(ke, 'Accepted: the value is in your draft offer, not yet submitted.');
    await accepted.locator('.entry-decision-state').getByText('Accepted', { exact: true }).waitFor();

    const declined = changedRow(ke, NT_MODE_1);
    await declined.getByRole('button', { name: 'Decline the proposed value (862)' }).click();
    const reason = ke.getByRole('textbox', { name: 'Reason (optional)' });
    await reason.fill(REASON);
    await ke.locator('.entry-decision-reason').getByRole('button', { name: 'Decline', exact: true }).click();
    await expectToast(ke, 'Declined.');
    await declined.locator('.entry-decision-note').getByText(REASON).waitFor();
    await summary(ke).getByText('Open: 0 · Accepted: 1 · Declined: 1').waitFor();

    // Senegal's screen, as it was left open: the decisions, their author and the reason arrive live.
    const snAccepted = changedRow(sn, MA_MODE_3);
    const snDeclined = changedRow(sn, NT_MODE_1);
    await snAccepted.locator('.entry-decision-state').getByText('Accepted', { exact: true }).waitFor();
    await snDeclined.locator('.entry-decision-state').getByText('Declined', { exact: true }).waitFor();
    await snDeclined.locator('.entry-decision-note').getByText(REASON, { exact: true }).waitFor();
    await summary(sn).getByText('Open: 0 · Accepted: 1 · Declined: 1').waitFor();
    expect(await snAccepted.locator('.entry-decision-note').count()).toBe(0);
    expect(await snDeclined.locator('.entry-decision-by').innerText()).toMatch(/\S, \S/);
    expect(await sn.getByRole('button', { name: /^(Accept|Decline|Reopen)/ }).count()).toBe(0);
    await sn.screenshot({ path: `${screenshots}negotiation-decisions-senegal.png`, fullPage: true });
  });

  it('Kenya’s editor counts the accepted change, not yet submitted, and marks where its value came from', async () => {
    await ke.goto(`/edit-offer/${offerId}`);
    const parts = ke.getByRole('navigation', { name: 'Parts of the offer' });
    await parts.waitFor();
    await ke.locator('.accepted-banner').getByText('1 change accepted, not yet submitted', { exact: true }).waitFor();

    await parts.getByRole('button', { name: /861 Legal services/ }).click();
    await ke.getByRole('heading', { level: 2, name: /861 Legal services/ }).waitFor();
    const entry = ke.getByRole('group', { name: 'Limitations on market access: 3) Commercial presence' });
    await entry
      .locator('.accepted-mark')
      .getByText(/^Accepted from Senegal's counter offer of \S/)
      .waitFor();
    // Only the accepted entry carries the mark; the declined one (in the other sector) and the others do not.
    expect(await ke.locator('.accepted-mark').count()).toBe(1);
    // The window, not the full page: the editor's action bar sticks to the window's bottom, over the mark otherwise.
    await entry.scrollIntoViewIfNeeded();
    await ke.screenshot({ path: `${screenshots}negotiation-accepted-mark.png` });
    await expectAccessible(ke, '/edit-offer/:id');

    // Leave the offer free (its lease released) for the clean-up and the journeys after this one.
    await ke.getByRole('button', { name: 'Cancel' }).click();
    await ke.waitForURL(/\/offers$/);
  });
});

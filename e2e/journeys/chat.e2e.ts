/**
 * Messaging and notifications, live: a Senegalese and a Kenyan chief negotiator open the negotiation rooms of
 * Ghana's offer (created by the secretariat) in two browsers — one with Discuss on /offers-done, the other by
 * choosing the offer in the empty Negotiations pane — and get one room each (bilateral); the secretariat opens
 * Senegal's room by its address, and they exchange messages and a PDF and see them arrive;
 * the bell shows a new notification without reloading; deactivating Senegal signs its negotiator out at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { blankOfferDocument } from '@portal/shared';
import { chooseLanguage, clickSettled, launchBrowser, newVisitor, signIn } from '../support/portal';
import { api, apiToken } from '../support/api';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Discuss on the conditional offers list: opens /chat with the offer, which opens (or creates) its room. */
async function discussFromOffersList(page: Page, country: string) {
  await page.goto('/offers-done');
  await page.getByRole('button', { name: `Discuss: ${country}` }).click();
  await page.waitForURL(/\/chat$/);
}

/** The empty Negotiations pane asks for the offer to discuss. */
async function discussFromChatPrompt(page: Page, offerName: string) {
  await page.goto('/chat');
  await page.getByText('Select the offer you want to discuss').waitFor();
  await page.getByRole('combobox', { name: 'Offer to discuss' }).click();
  await clickSettled(page.locator('.ant-select-item-option').filter({ hasText: offerName }));
}

describe('messaging and notifications, live', () => {
  let browser: Browser;
  let senegal: BrowserContext;
  let kenya: BrowserContext;
  let sn: Page;
  let ke: Page;
  let offer: { id: string; name: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    const secretariat = await apiToken('secretariat@portal.test');
    const countries = await api<{ id: number; code: string }[]>(secretariat, 'GET', '/countries');
    const ghana = countries.find((c) => c.code === 'GH')!;
    offer = await api(secretariat, 'POST', '/offers', {
      ...blankOfferDocument(),
      name: 'Ghana Conditional Initial Offer',
      submittedToAU: true,
      countryIdCreator: ghana.id,
    });
    senegal = await newVisitor(browser);
    kenya = await newVisitor(browser);
    sn = await senegal.newPage();
    ke = await kenya.newPage();
    if (process.env.E2E_DEBUG)
      for (const p of [sn, ke])
        p.on('console', async (m) => {
          for (const a of m.args())
            console.log('[browser]', await a.evaluate((x: any) => (x && x.stack) || String(x)).catch(() => '?'));
        }).on('pageerror', (e) => console.log('[pageerror]', e.message));
    await signIn(sn, 'chief.sn@portal.test');
    await signIn(ke, 'chief.ke@portal.test');
  });
  afterAll(() => browser?.close());

  it('two negotiators open the room of an offer and exchange messages and a PDF live', async () => {
    await discussFromOffersList(sn, 'Ghana');
    const snPane = sn.getByRole('region', { name: offer.name });
    await snPane.getByRole('heading', { name: offer.name }).waitFor();
    // Arriving with an offer shows the Sent list, where the new room is.
    await expect.poll(() => sn.locator('.ant-segmented-item-selected').innerText()).toContain('Sent');

    // Kenya opening the same offer gets a room of its own with Ghana (bilateral): it never sees Senegal's.
    await discussFromChatPrompt(ke, offer.name);
    const keOwnPane = ke.getByRole('region', { name: offer.name });
    await keOwnPane.getByRole('heading', { name: offer.name }).waitFor();
    await expect.poll(() => ke.locator('.ant-segmented-item-selected').innerText()).toContain('Sent');

    // The secretariat (Ghana's offer was created by it) may open Senegal's room from its address.
    const secretariatContext = await newVisitor(browser);
    const au = await secretariatContext.newPage();
    await signIn(au, 'secretariat@portal.test');
    const snRooms = await api<{ sender: { id: string; offerDoc: string }[] }>(
      await apiToken('chief.sn@portal.test'),
      'GET',
      '/chats/getAllRoomesOffer',
    );
    const snRoom = snRooms.sender.find((r) => r.offerDoc === offer.id)!;
    await au.goto(`/chat/${snRoom.id}/0`);
    const auPane = au.getByRole('region', { name: offer.name });
    await auPane.getByRole('heading', { name: offer.name }).waitFor();
    // Both sides subscribed (the "Connecting…" line is gone): what follows arrives live, not by a reload.
    for (const pane of [snPane, auPane]) await pane.locator('.chat-connecting').waitFor({ state: 'detached' });

    await sn.getByRole('textbox', { name: 'Type your message' }).fill('Can Ghana bind mode 3 for legal services?');
    await sn.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => sn.getByRole('textbox', { name: 'Type your message' }).inputValue()).toBe('');
    await auPane.getByText('Can Ghana bind mode 3 for legal services?').waitFor();

    await au.getByRole('textbox', { name: 'Type your message' }).fill('The secretariat notes the request.');
    await au.getByRole('button', { name: 'Send' }).click();
    await snPane.getByText('The secretariat notes the request.').waitFor();

    // A PDF: attached, sent after the one-second delay, downloadable by the other side.
    await au
      .getByTestId('chat-file-input')
      .setInputFiles({ name: 'position-paper.pdf', mimeType: 'application/pdf', buffer: PDF });
    await au.locator('.chat-file-tag').getByText('position-paper.pdf').waitFor();
    await au.getByRole('button', { name: 'Send' }).click();
    const attachment = snPane.getByRole('button', { name: /position-paper\.pdf/ });
    await attachment.waitFor({ timeout: 15_000 });
    const [download] = await Promise.all([sn.waitForEvent('download'), attachment.click()]);
    expect(download.suggestedFilename()).toBe('position-paper.pdf');

    // A renamed executable is refused with the spec's message and why, in the room.
    await au.getByTestId('chat-file-input').setInputFiles({
      name: 'annex.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('MZ\x90\x00 this is not a pdf'),
    });
    await au.getByRole('button', { name: 'Send' }).click();
    // The file name is isolated (its own direction) by invisible Unicode marks around it.
    await auPane
      .getByRole('alert')
      .filter({ hasText: /annex\.pdf[\u2066-\u2069]* file upload failed\. Accepted file types: / })
      .waitFor({ timeout: 15_000 });
    // Kenya's own room with Ghana shows none of it.
    expect(await keOwnPane.getByText('Can Ghana bind mode 3 for legal services?').count()).toBe(0);
    await secretariatContext.close();
  });

  it('the bell shows a new notification live and lists it', async () => {
    await ke.goto('/dashboard');
    const bell = ke.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ });
    await bell.waitFor();
    const before = Number(await bell.getAttribute('data-unread'));
    const snToken = await apiToken('chief.sn@portal.test');
    const keUser = (await api<{ userId: string; email: string }[]>(snToken, 'GET', '/profile/approved')).find(
      (u) => u.email === 'chief.ke@portal.test',
    )!;
    await api(snToken, 'POST', '/chats/addRomes', {
      title: 'Tourism working group',
      profileDtos: [keUser.userId],
      offerDoc: null,
      countryIdSender: null,
      countryIdReceived: null,
      romeType: 'CONTACT',
    });
    // Other notifications of earlier steps (batched room messages) may land in the same moment: at least this one is new.
    await expect
      .poll(() => bell.getAttribute('data-unread').then(Number), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(before + 1);
    await bell.click();
    await ke
      .locator('.notification-popover')
      .getByText('Aïssatou Ndiaye started the conversation “Tourism working group” with you.')
      .waitFor();
    await ke.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => bell.getAttribute('data-unread').then(Number)).toBe(0);
  });

  it('the messaging screen in Arabic reads right to left: lists at the start (right), the room beside them', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await signIn(page, 'chief.ke@portal.test');
    await chooseLanguage(page, 'العربية');
    await page.locator('html[dir="rtl"]').waitFor({ state: 'attached' });
    await page.goto('/chat');
    await page.getByRole('tab', { name: 'المفاوضات' }).waitFor();
    await page.getByRole('tab', { name: 'التواصل مع المستخدمين' }).click();
    await page.getByText('ابدأ محادثة جديدة').waitFor();
    await page.getByRole('button', { name: 'إنشاء رسالة جديدة' }).click();
    const dialog = page.getByRole('dialog', { name: 'محادثة جديدة' });
    await dialog.getByRole('button', { name: 'إنشاء', exact: true }).click();
    await dialog.getByText('يرجى إدخال عنوان للمحادثة').waitFor();
    await dialog.getByLabel('عنوان المحادثة').fill('مجموعة السياحة');
    await dialog.getByRole('button', { name: 'إنشاء', exact: true }).click();
    const pane = page.getByRole('region', { name: 'مجموعة السياحة' });
    await pane.getByRole('textbox', { name: 'اكتب رسالتك' }).waitFor();
    const sidebar = await page.locator('.chat-sidebar').boundingBox();
    const room = await pane.boundingBox();
    expect(sidebar!.x).toBeGreaterThan(room!.x);
    await page.screenshot({ path: 'test-results/e2e/chat-ar.png', fullPage: true }).catch(() => undefined);
    await context.close();
  });

  it('deactivating a country signs its negotiator out at once', async () => {
    await sn.goto('/dashboard');
    await sn.getByRole('button', { name: /^Notifications/ }).waitFor();
    const admin = await apiToken('admin@portal.test');
    const countries = await api<{ id: number; code: string }[]>(admin, 'GET', '/countries');
    const senegalId = countries.find((c) => c.code === 'SN')!.id;
    try {
      await api(admin, 'PUT', `/countries/${senegalId}/active`, { active: false });
      await sn.waitForURL('**/login', { timeout: 10_000 });
      // Kenya stays signed in.
      await ke.goto('/dashboard');
      await ke.getByRole('button', { name: /^Notifications/ }).waitFor();
      expect(new URL(ke.url()).pathname).toBe('/dashboard');
    } finally {
      await api(admin, 'PUT', `/countries/${senegalId}/active`, { active: true });
    }
  });

  it('deactivating a user ends their session live: the open page shows the sign-in page, without a reload', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await signIn(page, 'advisor@portal.test');
    await page.goto('/chat');
    await page.getByRole('button', { name: /^Notifications/ }).waitFor();
    const admin = await apiToken('admin@portal.test');
    const advisor = (
      await api<{ items: { userId: string; email: string }[] }>(admin, 'GET', '/users?search=advisor%40portal.test')
    ).items.find((u) => u.email === 'advisor@portal.test')!;
    try {
      await api(admin, 'PUT', `/users/${advisor.userId}/status`, { status: 'DISABLED' });
      await page.waitForURL('**/login', { timeout: 10_000 });
    } finally {
      await api(admin, 'PUT', `/users/${advisor.userId}/status`, { status: 'ACTIVE' });
      await context.close();
    }
  });
});

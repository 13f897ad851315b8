/**
 * Rooms one can rely on, in two browsers: Senegal's negotiator starts a conversation with Kenya's, whose
 * list shows it without a reload; each message Senegal sends raises the room's unread count in Kenya's list, live;
 * opening the room marks the first unread message and clears the count. In a room with more than a page of messages,
 * "Show older messages" keeps the reader's place. A video attachment plays in the other browser (the security policy
 * lets the page's own blob: URLs play, nothing else) and shows its size. Each test uses conversations of its own (contact rooms), so no
 * other journey's data changes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Client } from '@stomp/stompjs';
import { WebSocket } from 'ws';
import { baseUrl, clickSettled, launchBrowser, newVisitor, signIn } from '../support/portal';
import { api, apiToken } from '../support/api';
import { expectAccessible } from '../support/axe';

/** Sends messages to a room over /stomp-chat as a browser would, waiting until each is stored and delivered back. */
async function sendOverStomp(token: string, roomId: string, texts: string[]): Promise<void> {
  const url = `${baseUrl().replace(/^http/, 'ws')}/stomp-chat?roomId=${roomId}`;
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, ['v12.stomp']),
    connectHeaders: { Authorization: `Bearer ${token}` },
    reconnectDelay: 0,
    debug: () => {},
  });
  const received: string[] = [];
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => {
      client.subscribe(`/topic/messages/${roomId}`, (m) => received.push(JSON.parse(m.body).conversation), {
        receipt: 'subscribed',
      });
      client.watchForReceipt('subscribed', () => resolve());
    };
    client.onStompError = (f) => reject(new Error(f.headers.message));
    client.activate();
  });
  // One after another, as a person sends them (a burst past the connection's SEND budget would be cut off).
  for (const [i, text] of texts.entries()) {
    client.publish({
      destination: '/app/addMessage',
      body: JSON.stringify({ romes: { id: roomId }, conversation: text }),
    });
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(i + 1);
  }
  await client.deactivate();
}

describe('rooms: unread counts, live lists, older messages', () => {
  let browser: Browser;
  let senegal: BrowserContext;
  let kenya: BrowserContext;
  let sn: Page;
  let ke: Page;
  let snToken: string;
  let keUserId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    senegal = await newVisitor(browser);
    kenya = await newVisitor(browser);
    sn = await senegal.newPage();
    ke = await kenya.newPage();
    await signIn(sn, 'chief.sn@portal.test');
    await signIn(ke, 'chief.ke@portal.test');
    snToken = await apiToken('chief.sn@portal.test');
    keUserId = (await api<{ userId: string; email: string }[]>(snToken, 'GET', '/profile/approved')).find(
      (u) => u.email === 'chief.ke@portal.test',
    )!.userId;
  });
  afterAll(() => browser?.close());

  const contactTab = async (page: Page) => {
    await page.goto('/chat');
    await page.getByRole('tab', { name: 'Contact Users' }).click();
  };
  const roomItem = (page: Page, title: string) => page.locator('.chat-room-item').filter({ hasText: title });

  it("a new conversation and its messages reach the other side's list and unread count without a reload", async () => {
    const title = `Unread ${crypto.randomUUID().slice(0, 8)}`;
    await contactTab(ke);
    await ke.getByRole('button', { name: 'create new message' }).waitFor();

    // Senegal starts the conversation in its browser.
    await contactTab(sn);
    await sn.getByRole('button', { name: 'create new message' }).click();
    const dialog = sn.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Conversation title' }).fill(title);
    const picker = dialog.getByRole('combobox', { name: 'Users' });
    await picker.click();
    await picker.fill('Wanjiru');
    await clickSettled(sn.locator('.ant-select-item-option').filter({ hasText: 'Wanjiru Kamau' }));
    await sn.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const snPane = sn.getByRole('region', { name: title });
    await snPane.locator('.chat-connecting').waitFor({ state: 'detached' });

    // Kenya's list shows it, live.
    await roomItem(ke, title).waitFor({ timeout: 15_000 });

    for (const text of ['First point on mode 4', 'Second point on mode 1', 'Third point on mode 3']) {
      await sn.getByRole('textbox', { name: 'Type your message' }).fill(text);
      await sn.getByRole('button', { name: 'Send' }).click();
      await snPane.getByText(text).waitFor();
    }
    await roomItem(ke, title).getByLabel('Unread messages: 3').waitFor({ timeout: 15_000 });

    // Opening the room marks where the unread messages start, and the count goes.
    await roomItem(ke, title).click();
    const kePane = ke.getByRole('region', { name: title });
    const divider = kePane.getByRole('separator', { name: 'New messages' });
    await divider.waitFor();
    const next = await divider.evaluate((el) => el.nextElementSibling?.textContent ?? '');
    expect(next).toContain('First point on mode 4');
    await expect
      .poll(async () => {
        const rooms = await api<{ title: string; unread: number }[]>(
          await apiToken('chief.ke@portal.test'),
          'GET',
          '/chats/getAllRomes',
        );
        return rooms.find((r) => r.title === title)?.unread;
      })
      .toBe(0);
    expect(await roomItem(ke, title).locator('.chat-room-unread').count()).toBe(0);
  });

  it('"Show older messages" keeps the reader\'s place', async () => {
    const title = `History ${crypto.randomUUID().slice(0, 8)}`;
    const room = await api<{ id: string }>(snToken, 'POST', '/chats/addRomes', {
      title,
      profileDtos: [keUserId],
      offerDoc: null,
      countryIdSender: null,
      countryIdReceived: null,
      romeType: 'CONTACT',
    });
    await sendOverStomp(
      snToken,
      room.id,
      Array.from({ length: 70 }, (_, i) => `History line ${String(i + 1).padStart(2, '0')}`),
    );
    await ke.goto(`/chat/${room.id}/0`);
    const pane = ke.getByRole('region', { name: title });
    await pane.getByText('History line 70').waitFor();
    // The newest page holds lines 21 to 70; the reader goes up to its top.
    const list = pane.locator('.chat-messages');
    await list.evaluate((el) => (el.scrollTop = 0));
    const line = pane.getByText('History line 21', { exact: true });
    const topOf = () => line.evaluate((el) => el.getBoundingClientRect().top);
    const before = await topOf();
    await pane.getByRole('button', { name: 'Show older messages' }).click();
    await pane.getByText('History line 01', { exact: true }).waitFor();
    // Lines 1 to 20 came above, and line 21 has not moved on the screen.
    await expect.poll(async () => Math.abs((await topOf()) - before)).toBeLessThan(3);
    expect(await list.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
    await expectAccessible(ke, '/chat/:id/:version');
  });

  it('a video attachment plays in the other browser and shows its size', async () => {
    const title = `Video ${crypto.randomUUID().slice(0, 8)}`;
    const room = await api<{ id: string }>(snToken, 'POST', '/chats/addRomes', {
      title,
      profileDtos: [keUserId],
      offerDoc: null,
      countryIdSender: null,
      countryIdReceived: null,
      romeType: 'CONTACT',
    });
    // A two-second H.264 clip recorded by Chromium's MediaRecorder (11 KB), committed as a fixture.
    const video = fs.readFileSync(new URL('../fixtures/briefing.mp4', import.meta.url));
    await sn.goto(`/chat/${room.id}/0`);
    const snPane = sn.getByRole('region', { name: title });
    await snPane.locator('.chat-connecting').waitFor({ state: 'detached' });
    await sn
      .getByTestId('chat-file-input')
      .setInputFiles({ name: 'briefing.mp4', mimeType: 'video/mp4', buffer: video });
    await sn.locator('.chat-file-tag').getByText('briefing.mp4').waitFor();
    await sn.getByRole('button', { name: 'Send' }).click();
    await snPane.locator('.chat-attachment').waitFor({ timeout: 15_000 });

    await ke.goto(`/chat/${room.id}/0`);
    const pane = ke.getByRole('region', { name: title });
    const attachment = pane.getByRole('button', { name: /briefing\.mp4/ });
    await attachment.waitFor();
    expect(await attachment.innerText()).toMatch(/\(11\.7 kB\)/);
    const player = pane.locator('video.chat-video');
    await player.waitFor();
    const played = await player.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      await new Promise((r) => setTimeout(r, 500));
      return { time: v.currentTime, error: v.error?.code ?? null, width: v.videoWidth };
    });
    expect(played).toMatchObject({ error: null, width: 160 });
    expect(played.time).toBeGreaterThan(0);
  });
});

/**
 * The message list's scroll, on a laid-out list (jsdom lays nothing out: here every message is 50 px high, every
 * other line 20 px, the list shows 200 px): opened at the first unread message, at the bottom when a message arrives,
 * and the reader's line kept where it was when older messages come above (whether the room's details or its messages
 * came first) or a line above grows.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ChatRoom } from '@portal/shared';
import { TEST_PROFILE } from '../../test/profile';
import { stubAntdBrowserApis } from '../profile/testing';
import { chatKeys } from './api';
import { ChatPane } from './ChatPane';
import { testMessage } from '../../test/chat';

const live = vi.hoisted(() => ({ deliver: (_frame: { body: string }) => {} }));
vi.mock('../../api/stomp', () => ({
  openLive: () => ({
    subscribe: (_topic: string, onMessage: (frame: { body: string }) => void) => (live.deliver = onMessage),
    publish: () => true,
    close: async () => undefined,
  }),
}));

const VIEW = 200;
/** Lines that grew after they were shown (a preview loaded, a translation opened), by how much. */
const grown = new WeakMap<Element, number>();
const heightOf = (row: Element) => (row.matches('[data-message-id]') ? 50 : 20) + (grown.get(row) ?? 0);
const rowsOf = (list: Element) => [...(list.querySelector('.chat-messages-lines') ?? list).children];
const rect = (top: number, height: number) =>
  ({ top, bottom: top + height, height, left: 0, right: 300, width: 300, x: 0, y: top }) as DOMRect;
const scrollTops = new WeakMap<Element, number>();

/** Where an element is on the screen, with the list at the top of it. */
function box(el: Element): DOMRect {
  const list = el.closest('.chat-messages');
  if (!list) return rect(0, 0);
  if (el === list) return rect(0, VIEW);
  let top = -list.scrollTop;
  for (const row of rowsOf(list)) {
    if (row.contains(el)) return rect(top, heightOf(row));
    top += heightOf(row);
  }
  return rect(-list.scrollTop, top + list.scrollTop);
}

/** The resize observers watching the list's lines, told when a line grows. */
let watching: { target: Element; tell: () => void }[] = [];

function layOut() {
  watching = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly tell: () => void) {}
      observe(target: Element) {
        watching.push({ target, tell: this.tell });
      }
      unobserve() {}
      disconnect() {}
    },
  );
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    return box(this);
  });
  Object.defineProperties(HTMLElement.prototype, {
    scrollHeight: {
      configurable: true,
      get(this: HTMLElement) {
        return rowsOf(this).reduce((sum, row) => sum + heightOf(row), 0);
      },
    },
    scrollTop: {
      configurable: true,
      get(this: HTMLElement) {
        return scrollTops.get(this) ?? 0;
      },
      set(this: HTMLElement, value: number) {
        scrollTops.set(this, Math.max(0, Math.min(value, this.scrollHeight - VIEW)));
      },
    },
  });
}

const line = (n: number) =>
  testMessage({
    id: `m${n}`,
    conversation: `History line ${String(n).padStart(2, '0')}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 10, n)).toISOString(),
  });
const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => line(from + i));
const room = { id: 'r1', title: 'History', romeType: 'CONTACT', profileDtos: [], memberIds: [], lastReadAt: null };

let releaseRoom = () => {};
let client: QueryClient;

beforeEach(() => {
  stubAntdBrowserApis();
  layOut();
  const roomAnswered = new Promise<void>((resolve) => (releaseRoom = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = String(url);
      let payload: unknown = null;
      if (path.includes('/chats/getRoomById/r1')) {
        await roomAnswered;
        payload = room as unknown as ChatRoom;
      } else if (path.includes('/chats/getAllMessageByRome/r1?page=0'))
        payload = { content: lines(21, 70), page: 0, size: 50, totalElements: 70, last: false };
      else if (path.includes('/chats/getAllMessageByRome/r1?page=1'))
        payload = { content: lines(1, 20), page: 1, size: 50, totalElements: 70, last: true };
      return new Response(JSON.stringify({ payload }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (HTMLElement.prototype as { scrollTop?: number }).scrollTop;
  delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
});

/** A message's text, whose numbers are isolated in their own direction (so not one text node). */
const shown = (text: string) => (_: string, el: Element | null) =>
  !!el?.classList.contains('chat-message-text') && el.textContent === text;
/** Opens the room, its details answered before or after its messages. */
async function openRoom(order: 'room first' | 'messages first') {
  if (order === 'room first') releaseRoom();
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <ChatPane roomId="r1" me={TEST_PROFILE} />
      </AntApp>
    </QueryClientProvider>,
  );
  if (order === 'messages first') {
    await waitFor(() => expect(client.getQueryData(chatKeys.messages('r1'))).toBeDefined());
    releaseRoom();
  }
  await screen.findByText(shown('History line 70'));
  return document.querySelector<HTMLElement>('.chat-messages')!;
}

const topOf = (text: string) => screen.getByText(shown(text)).getBoundingClientRect().top;

describe('the message list', { timeout: 20_000 }, () => {
  it.each(['room first', 'messages first'] as const)('opens at the first unread message (%s)', async (order) => {
    await openRoom(order);
    expect(screen.getByRole('separator', { name: 'New messages' }).getBoundingClientRect().top).toBe(0);
  });

  it.each(['room first', 'messages first'] as const)(
    '"Show older messages" keeps the line the reader is at where it is (%s)',
    async (order) => {
      const list = await openRoom(order);
      list.scrollTop = 0;
      fireEvent.scroll(list);
      const before = topOf('History line 21');
      fireEvent.click(screen.getByRole('button', { name: 'Show older messages' }));
      await screen.findByText(shown('History line 01'));
      expect(screen.queryByRole('button', { name: 'Show older messages' })).toBeNull();
      expect(topOf('History line 21')).toBe(before);
      expect(list.scrollTop).toBeGreaterThan(0);
    },
  );

  it('keeps the line the reader is at where it is when a line above it grows', async () => {
    const list = await openRoom('room first');
    list.scrollTop = 500;
    fireEvent.scroll(list);
    const before = topOf('History line 31');
    grown.set(screen.getByText(shown('History line 25')).closest('[data-message-id]')!, 120);
    act(() =>
      watching.filter((w) => w.target.contains(list.querySelector('[data-message-id]'))).forEach((w) => w.tell()),
    );
    expect(topOf('History line 31')).toBe(before);
  });

  it('goes to the bottom when a message arrives', async () => {
    const list = await openRoom('room first');
    act(() => live.deliver({ body: JSON.stringify({ ...line(71), conversation: 'A new point' }) }));
    await screen.findByText(shown('A new point'));
    expect(list.scrollTop).toBe(list.scrollHeight - VIEW);
  });
});

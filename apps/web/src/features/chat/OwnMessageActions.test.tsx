import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ChatMessage } from '@portal/shared';
import { applyLanguage } from '../../i18n';
import { stubAntdBrowserApis } from '../profile/testing';
import { chatKeys } from './api';
import { MessageItem } from './MessageItem';
import { testMessage } from '../../test/chat';
import { itemAt } from '../../test/itemAt';

configure({ asyncUtilTimeout: 8000 });

const mineMessage = testMessage({
  conversation: 'We offer mode 3 in 2027',
  sender: { userId: 'u1', firstName: 'Amina', lastName: 'Diallo' },
});

let calls: { method: string; url: string; body?: string }[] = [];
beforeEach(async () => {
  stubAntdBrowserApis();
  await applyLanguage('en');
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      // The chat calls only (the portal's settings are read too, for the translate menu).
      if (String(url).includes('/chats/'))
        calls.push({ method: init?.method ?? 'GET', url: String(url), body: init?.body as string | undefined });
      const payload = { ...mineMessage, conversation: 'We offer mode 3 in 2028', editedAt: '2026-01-02T00:00:00Z' };
      return new Response(JSON.stringify({ payload }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function wrap(message: ChatMessage, mine: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(chatKeys.messages('r1'), {
    pages: [{ content: [message], page: 0, size: 50, totalElements: 1, last: true }],
    pageParams: [0],
  });
  const view = (m: ChatMessage) => (
    <QueryClientProvider client={client}>
      <AntApp>
        <MessageItem message={m} mine={mine} />
      </AntApp>
    </QueryClientProvider>
  );
  const result = render(view(message));
  return { client, rerender: (m: ChatMessage) => result.rerender(view(m)) };
}

describe("one's own message", { timeout: 20_000 }, () => {
  it('is edited in place and then shown edited', async () => {
    const { client, rerender } = wrap(mineMessage, true);
    fireEvent.click(screen.getByRole('button', { name: 'Edit message' }));
    const box = screen.getByRole('textbox', { name: 'Edit message' });
    fireEvent.change(box, { target: { value: 'We offer mode 3 in 2028' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('We offer mode 3 in 2028');
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', url: '/api/chats/message/m1' });
    expect(JSON.parse(calls.at(-1)!.body!)).toEqual({ conversation: 'We offer mode 3 in 2028' });
    // The room's cached copy is the edited one, which the list shows "(edited)".
    const cached = client.getQueryData<{ pages: { content: ChatMessage[] }[] }>(chatKeys.messages('r1'));
    rerender(itemAt(itemAt(cached!.pages, 0).content, 0));
    expect(screen.getByText('(edited)', { exact: false })).toBeTruthy();
  });

  it("offers no Edit or Delete on someone else's message, and shows a deleted one as deleted", () => {
    wrap({ ...mineMessage, sender: { userId: 'u2', firstName: 'Bob', lastName: 'K' } }, false);
    expect(screen.queryByRole('button', { name: 'Edit message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete message' })).toBeNull();
    cleanup();
    wrap({ ...mineMessage, conversation: '', deleted: true }, true);
    expect(screen.getByText('This message was deleted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete message' })).toBeNull();
  });
});

describe('a reply', { timeout: 20_000 }, () => {
  it('shows the message it answers quoted above its text, and offers Reply on each message', () => {
    const onReply = vi.fn();
    const client = new QueryClient();
    const reply: ChatMessage = {
      ...mineMessage,
      id: 'm2',
      conversation: 'Yes, from 2028',
      replyTo: {
        id: 'm1',
        sender: { firstName: 'Bob', lastName: 'K' },
        excerpt: 'Can you bind mode 4?',
        deleted: false,
      },
    };
    render(
      <QueryClientProvider client={client}>
        <AntApp>
          <MessageItem message={reply} mine={false} onReply={onReply} />
        </AntApp>
      </QueryClientProvider>,
    );
    const quote = document.querySelector('blockquote.chat-quote')!;
    expect(quote.textContent).toContain('Bob K');
    expect(quote.textContent).toContain('Can you bind mode 4?');
    const text = document.querySelector('.chat-message-text')!;
    expect(text.textContent).toContain('Yes, from 2028');
    expect(quote.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    expect(onReply).toHaveBeenCalledWith(reply);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { applyLanguage } from '../../i18n';
import { stubAntdBrowserApis } from '../profile/testing';
import { RoomSearch } from './RoomSearch';
import { testMessage } from '../../test/chat';

configure({ asyncUtilTimeout: 8000 });

const found = testMessage({ conversation: 'Aïssatou will send the schedule' });

let urls: string[] = [];
beforeEach(async () => {
  stubAntdBrowserApis();
  await applyLanguage('en');
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(String(url));
      const payload = String(url).includes('q=nothing') ? [] : [found];
      return new Response(JSON.stringify({ payload }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wrap = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <RoomSearch roomId="r1" meId="u1" />
      </AntApp>
    </QueryClientProvider>,
  );

describe('searching the open room', { timeout: 20_000 }, () => {
  it('asks the server for the words as typed and lists what it found', async () => {
    wrap();
    const box = screen.getByRole('searchbox', { name: 'Search this conversation' });
    fireEvent.change(box, { target: { value: '  aissatou ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const results = await screen.findByRole('region', { name: 'Messages found' });
    expect(await screen.findByText('Messages found: 1')).toBeTruthy();
    expect(results.textContent).toContain('Aïssatou will send the schedule');
    expect(urls.filter((u) => u.includes('/chats/')).at(-1)).toContain('/chats/searchMessages/r1?q=aissatou');
  });

  it('says when nothing is found', async () => {
    wrap();
    const box = screen.getByRole('searchbox', { name: 'Search this conversation' });
    fireEvent.change(box, { target: { value: 'nothing' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('No message found')).toBeTruthy();
  });
});

import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ChatRoom, Country } from '@portal/shared';
import { applyLanguage } from '../../i18n';
import { RoomOtherSide } from './RoomOtherSide';

configure({ asyncUtilTimeout: 8000 });

const country = (id: number, code: string, name: string, nameFr: string, nameAr: string): Country => ({
  id,
  code,
  name,
  nameFr,
  nameAr,
  alpha3: code + 'X',
  regionId: 1,
  active: true,
});
const countries = [country(1, 'SN', 'Senegal', 'Sénégal', 'السنغال'), country(2, 'KE', 'Kenya', 'Kenya', 'كينيا')];

const room = (over: Partial<ChatRoom> = {}): ChatRoom => ({
  id: 'r1',
  title: 'Kenya Conditional Initial Offer',
  romeType: 'OFFER',
  profileDtos: [],
  offerDoc: 'o1',
  countryIdSender: 1,
  countryIdReceived: 2,
  countryNameSender: 'Senegal',
  countryNameReceived: 'Kenya',
  countryCodeSender: 'SN',
  countryCodeReceived: 'KE',
  countryNameCreator: 'Senegal',
  regionNameCreator: null,
  regionCreated: false,
  creatorId: 'u2',
  memberIds: [],
  createdAt: '2026-01-01T00:00:00Z',
  lastMessageAt: '2026-01-01T00:00:00Z',
  unread: 0,
  lastReadAt: null,
  ...over,
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ payload: countries }), { headers: { 'Content-Type': 'application/json' } }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => applyLanguage('en'));

const show = (r: ChatRoom, me: { role: 'CHIEF_NEGOTIATOR' | 'AFRICAN_UNION'; countryCode: string | null }) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RoomOtherSide room={r} me={me} />
    </QueryClientProvider>,
  );

describe('the room header names the other side', { timeout: 20_000 }, () => {
  it('a country user sees the other country in the interface language, isolated for right-to-left', async () => {
    await applyLanguage('ar');
    const { container } = show(room(), { role: 'CHIEF_NEGOTIATOR', countryCode: 'SN' });
    expect(await screen.findByText('كينيا')).toBeTruthy();
    expect(container.textContent).toBe('مع كينيا');
    expect(container.querySelector('bdi[dir="auto"]')?.textContent).toBe('كينيا');
    cleanup();
    // The offer's country sees the one that opened the room.
    const other = show(room(), { role: 'CHIEF_NEGOTIATOR', countryCode: 'KE' });
    expect(await screen.findByText('السنغال')).toBeTruthy();
    expect(other.container.textContent).toBe('مع السنغال');
  });

  it('the secretariat sees both countries; a contact room names no country', async () => {
    await applyLanguage('fr');
    const { container } = show(room(), { role: 'AFRICAN_UNION', countryCode: null });
    expect(await screen.findByText('Sénégal')).toBeTruthy();
    expect(container.textContent).toBe('Entre Sénégal et Kenya');
    expect([...container.querySelectorAll('bdi[dir="auto"]')].map((b) => b.textContent)).toEqual(['Sénégal', 'Kenya']);
    cleanup();
    const contact = show(room({ romeType: 'CONTACT', countryCodeSender: null, countryCodeReceived: null }), {
      role: 'CHIEF_NEGOTIATOR',
      countryCode: 'SN',
    });
    expect(contact.container.textContent).toBe('');
  });
});

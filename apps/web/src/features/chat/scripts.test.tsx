/** Rooms readable in two scripts, roles named as the spec says, searches that ignore accents. */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ChatMessage, ChatRoom, ChatUser, Country } from '@portal/shared';
import { applyLanguage, i18n } from '../../i18n';
import { stubAntdBrowserApis } from '../profile/testing';
import { MessageItem } from './MessageItem';
import { chatRoleLabel } from './people';
import { RoomList } from './RoomList';
import { ContactsDrawer, UserInfoModal } from './RoomPeople';
import { NewConversationModal } from './NewConversationModal';
import { testMessage } from '../../test/chat';
import { itemAt } from '../../test/itemAt';

configure({ asyncUtilTimeout: 8000 });

const person = (userId: string, over: Partial<ChatUser> = {}): ChatUser => ({
  id: userId,
  userId,
  firstName: 'Aïssatou',
  lastName: 'Ndiaye',
  email: `${userId}@portal.test`,
  phoneNumber: null,
  role: 'SERVICE_FOCAL_POINT',
  userRole: 'Services Focal Point',
  countryCode: 'SN',
  countryName: 'Senegal',
  regionName: null,
  ...over,
});
const senegal: Country = {
  id: 1,
  code: 'SN',
  name: 'Senegal',
  nameFr: 'Sénégal',
  nameAr: 'السنغال',
  alpha3: 'SEN',
  regionId: 1,
  active: true,
};
const contactRoom = { id: 'r1', romeType: 'CONTACT', countryCodeSender: null, countryCodeReceived: null } as const;
const approved = [
  person('u2'),
  person('u3', { firstName: 'محمد', lastName: 'أحمد', countryCode: 'EG', countryName: 'Egypt' }),
  person('u4', { firstName: 'Jean', lastName: 'Dupont', role: 'AFRICAN_UNION', countryCode: null, countryName: null }),
  person('u5', {
    firstName: 'Ada',
    lastName: 'Obi',
    role: 'REGIONAL_ADVISOR',
    countryCode: null,
    regionName: 'ECOWAS',
  }),
  person('u6', { firstName: 'Root', lastName: 'Admin', role: 'ADMIN', countryCode: null, countryName: null }),
];

beforeEach(() => {
  stubAntdBrowserApis();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const payload = String(url).includes('/countries')
        ? [senegal]
        : String(url).includes('/profile/approved')
          ? approved
          : null;
      return new Response(JSON.stringify({ payload }), {
        status: payload ? 200 : 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => applyLanguage('en'));

const wrap = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>{node}</AntApp>
    </QueryClientProvider>,
  );

const message = (over: Partial<ChatMessage>) =>
  testMessage({ sender: { userId: 'u3', firstName: 'محمد', lastName: 'أحمد' }, ...over });

const room = (over: Partial<ChatRoom>): ChatRoom => ({
  id: 'r1',
  title: 'عرض السنغال',
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

describe('a room read in two scripts', { timeout: 20_000 }, () => {
  it('gives the message, its sender and its file name their own direction in the Arabic interface', async () => {
    await applyLanguage('ar');
    wrap(<MessageItem message={message({ file: 'k1', fileName: 'offre-révisée.pdf' })} mine={false} />);
    const text = screen.getByText('We accept the schedule for mode', { exact: false });
    expect(text.closest('.chat-message-text')?.getAttribute('dir')).toBe('auto');
    expect(screen.getByText('محمد أحمد').getAttribute('dir')).toBe('auto');
    const file = document.querySelector('.chat-attachment bdi')!;
    expect(file.textContent).toBe('offre-révisée.pdf');
    expect(file.getAttribute('dir')).toBe('auto');
  });

  it('isolates a name inside a sentence: an Arabic name in the English join line', async () => {
    await applyLanguage('en');
    wrap(
      <MessageItem
        message={message({ type: 'JOIN', conversation: 'محمد أحمد joined the conversation' })}
        mine={false}
      />,
    );
    const line = screen.getByRole('status');
    expect(line.textContent).toBe('محمد أحمد joined the conversation');
    const name = within(line).getByText('محمد أحمد');
    expect([name.tagName, name.getAttribute('dir')]).toEqual(['BDI', 'auto']);
  });

  it("gives each room's title its own direction and names the other country in the interface language", async () => {
    await applyLanguage('fr');
    wrap(<RoomList rooms={[room({})]} selected={null} onSelect={() => undefined} />);
    const title = screen.getByText('عرض السنغال');
    expect([title.tagName, title.getAttribute('dir')]).toEqual(['BDI', 'auto']);
    const country = await screen.findByText('Sénégal');
    expect([country.tagName, country.getAttribute('dir')]).toEqual(['BDI', 'auto']);
    expect(country.parentElement?.textContent).toBe('Ouverte par Sénégal');
  });

  it('shows how many messages of each room are unread, except for the room open beside the list', async () => {
    await applyLanguage('en');
    wrap(
      <RoomList
        rooms={[room({ id: 'r1', unread: 3 }), room({ id: 'r2', title: 'Open', unread: 2 }), room({ id: 'r3' })]}
        selected="r2"
        onSelect={() => undefined}
      />,
    );
    expect(screen.getByLabelText('Unread messages: 3').textContent).toBe('3');
    expect(screen.queryByLabelText('Unread messages: 2')).toBeNull();
    expect(document.querySelectorAll('.chat-room-unread')).toHaveLength(1);
  });

  it('shows participants with names in their own direction and the country in Arabic', async () => {
    await applyLanguage('ar');
    wrap(<UserInfoModal open onClose={() => undefined} people={approved.slice(0, 2)} viewerIsAdmin={false} />);
    for (const name of ['Aïssatou', 'محمد', 'أحمد']) expect(screen.getByText(name).getAttribute('dir')).toBe('auto');
    expect((await screen.findByText('السنغال')).getAttribute('dir')).toBe('auto');
  });
});

describe('roles in the chat lists (spec section 6)', () => {
  it('names the secretariat after the region, Admin, the advisor with their region, the others as everywhere', () => {
    const en = i18n.getFixedT('en');
    const label = (u: ChatUser) => chatRoleLabel(u, en, 'African Union');
    expect(approved.map(label)).toEqual([
      'Services Focal Point',
      'Services Focal Point',
      'African Union',
      'Regional Advisor (ECOWAS)',
      'Admin',
    ]);
    expect(label(person('c', { role: 'CHIEF_NEGOTIATOR' }))).toBe('Chief Negotiator');
  });

  it('translates them, the default region included', () => {
    const fr = i18n.getFixedT('fr');
    const ar = i18n.getFixedT('ar');
    const advisor = person('a', { role: 'REGIONAL_ADVISOR', regionName: 'African Union' });
    expect(chatRoleLabel(advisor, fr, 'Union africaine')).toBe('Conseiller régional (Union africaine)');
    expect(chatRoleLabel(itemAt(approved, 2), fr, 'Union africaine')).toBe('Union africaine');
    expect(chatRoleLabel(itemAt(approved, 4), ar, 'الاتحاد الأفريقي')).toBe('مسؤول النظام');
    expect(chatRoleLabel(itemAt(approved, 0), ar, 'الاتحاد الأفريقي')).toBe('نقطة اتصال الخدمات');
  });
});

describe('user pickers ignore accents', { timeout: 20_000 }, () => {
  it('the contacts drawer finds Aïssatou with "aissatou" and shows each role as the chat lists name it', async () => {
    await applyLanguage('en');
    wrap(<ContactsDrawer open onClose={() => undefined} room={contactRoom} members={[]} />);
    expect(await screen.findByText('Regional Advisor (ECOWAS)')).toBeTruthy();
    expect(screen.getByText('African Union')).toBeTruthy();
    expect(screen.getByText('Admin')).toBeTruthy();
    const name = screen.getByText('محمد أحمد');
    expect([name.tagName, name.getAttribute('dir')]).toEqual(['BDI', 'auto']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name' }), { target: { value: 'aissatou' } });
    expect(screen.getByText('Aïssatou Ndiaye')).toBeTruthy();
    expect(screen.queryByText('Jean Dupont')).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name' }), { target: { value: 'احمد' } });
    expect(screen.getByText('محمد أحمد')).toBeTruthy();
    expect(screen.queryByText('Aïssatou Ndiaye')).toBeNull();
  });

  it('in a negotiation room the drawer offers no one of a third country, and those of its countries are in it', async () => {
    await applyLanguage('en');
    const negotiation = { id: 'r2', romeType: 'OFFER', countryCodeSender: 'SN', countryCodeReceived: 'KE' } as const;
    wrap(<ContactsDrawer open onClose={() => undefined} room={negotiation} members={[]} />);
    expect(await screen.findByText('Regional Advisor (ECOWAS)')).toBeTruthy();
    expect(screen.getByText(/only their users, the secretariat and advisors can take part/)).toBeTruthy();
    // Egypt's user would be refused: not listed. Senegal's takes part by country: in it, no Add.
    expect(screen.queryByText('محمد أحمد')).toBeNull();
    expect(screen.queryByRole('button', { name: /Aïssatou Ndiaye/ })).toBeNull();
    expect(screen.getAllByText('In the conversation')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Jean Dupont/ })).toBeTruthy();
  });

  it('the new-conversation picker finds Aïssatou with "Aissatou"', async () => {
    await applyLanguage('en');
    wrap(<NewConversationModal open onClose={() => undefined} onCreated={() => undefined} />);
    const picker = screen.getByRole('combobox', { name: 'Users' });
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'Aissatou' } });
    await screen.findAllByRole('option');
    const shown = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(shown).toEqual(['Aïssatou Ndiaye Services Focal Point']);
    expect(document.querySelector('.ant-select-item-option bdi')?.getAttribute('dir')).toBe('auto');
  });
});

import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CHAT_MESSAGES, type ChatMessage, type ChatRoom, type ChatUser, type Profile } from '@portal/shared';
import { applyLanguage } from '../../i18n';
import en from '../../i18n/en.json';
import fr from '../../i18n/fr.json';
import { TEST_PROFILE } from '../../test/profile';
import { stubAntdBrowserApis } from '../profile/testing';
import { mayLeave, removableParticipants } from './ChatPane';
import { MessageItem } from './MessageItem';
import { UserInfoModal } from './RoomPeople';
import { testMessage } from '../../test/chat';

configure({ asyncUtilTimeout: 8000 });

const person = (userId: string, role: ChatUser['role'], countryCode: string | null): ChatUser => ({
  id: userId,
  userId,
  firstName: 'Amina',
  lastName: userId.toUpperCase(),
  email: `${userId}@portal.test`,
  phoneNumber: null,
  role,
  userRole: role,
  countryCode,
  countryName: countryCode,
  regionName: null,
});

const room = (over: Partial<ChatRoom>): ChatRoom => ({
  id: 'r1',
  title: 'Room',
  romeType: 'CONTACT',
  profileDtos: [],
  offerDoc: null,
  countryIdSender: null,
  countryIdReceived: null,
  countryNameSender: null,
  countryNameReceived: null,
  countryCodeSender: null,
  countryCodeReceived: null,
  countryNameCreator: null,
  regionNameCreator: null,
  regionCreated: false,
  creatorId: null,
  memberIds: [],
  createdAt: '2026-01-01T00:00:00Z',
  lastMessageAt: '2026-01-01T00:00:00Z',
  unread: 0,
  lastReadAt: null,
  ...over,
});

const me = TEST_PROFILE; // u1, chief negotiator of Kenya
const staff = { ...TEST_PROFILE, userId: 's1', role: 'AFRICAN_UNION', countryCode: null } as Profile;

let requests: { method: string; url: string }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: { payload: null } };

beforeEach(() => {
  stubAntdBrowserApis();
  requests = [];
  answer = { status: 200, body: { payload: null } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ method: init?.method ?? 'GET', url: String(url) });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
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

describe('who may remove and leave', () => {
  const guest = person('g1', 'SERVICE_FOCAL_POINT', 'NG');
  it("offers Remove to a contact room's creator, on everyone added but themselves; to no one else", () => {
    const contact = room({ creatorId: me.userId, memberIds: [me.userId, guest.userId] });
    const people = [person(me.userId, 'CHIEF_NEGOTIATOR', 'KE'), guest];
    expect(removableParticipants(contact, people, me)).toEqual([guest.userId]);
    expect(removableParticipants(contact, people, { ...me, userId: guest.userId } as Profile)).toEqual([]);
    expect(removableParticipants(contact, people, staff)).toEqual([]);
  });

  it('offers Remove to the secretariat in a negotiation, never on the users of its two countries', () => {
    const invited = person('s2', 'AFRICAN_UNION', null);
    const offer = room({
      romeType: 'OFFER',
      creatorId: 'sn1',
      memberIds: ['sn1', invited.userId],
      countryCodeSender: 'SN',
      countryCodeReceived: 'KE',
    });
    const people = [person('sn1', 'CHIEF_NEGOTIATOR', 'SN'), person(me.userId, 'CHIEF_NEGOTIATOR', 'KE'), invited];
    expect(removableParticipants(offer, people, staff)).toEqual([invited.userId]);
    expect(removableParticipants(offer, people, me)).toEqual([]);
  });

  it('offers Leave to those added, not to a negotiating country’s users', () => {
    expect(mayLeave(room({ memberIds: [me.userId] }), me)).toBe(true);
    expect(mayLeave(room({ memberIds: [] }), me)).toBe(false);
    const offer = room({ romeType: 'OFFER', memberIds: [me.userId, staff.userId], countryCodeSender: 'KE' });
    expect(mayLeave(offer, me)).toBe(false);
    expect(mayLeave(offer, staff)).toBe(true);
  });
});

function renderModal(removableIds: string[]) {
  const people = [person('u1', 'CHIEF_NEGOTIATOR', 'KE'), person('g1', 'SERVICE_FOCAL_POINT', 'NG')];
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <UserInfoModal
          open
          onClose={() => undefined}
          people={people}
          viewerIsAdmin={false}
          roomId="r1"
          removableIds={removableIds}
        />
      </AntApp>
    </QueryClientProvider>,
  );
}

// Rendering antd's table and pop-confirm takes seconds on a loaded machine.
describe('the participants table', { timeout: 20_000 }, () => {
  it('removes a participant after asking, with the spec-like success message', async () => {
    renderModal(['g1']);
    expect(screen.queryByRole('button', { name: 'Remove Amina U1' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Amina G1' }));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.querySelector('.ant-popconfirm-title')?.textContent).toBe('Remove Amina G1 from this conversation?');
    expect(confirm.querySelector('.ant-popconfirm-title bdi[dir="auto"]')?.textContent).toBe('Amina G1');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(en.chat.userRemoved)).toBeTruthy();
    expect(en.chat.userRemoved).toBe(CHAT_MESSAGES.userRemoved);
    expect(requests.find((r) => r.method === 'POST')?.url).toContain('/chats/removeUser?userId=g1&roomId=r1');
  });

  it('shows a refusal by its code in the interface language', async () => {
    await applyLanguage('fr');
    answer = {
      status: 403,
      body: { code: 'ROOM_REMOVE_FORBIDDEN', message: CHAT_MESSAGES.removeForbidden },
    };
    renderModal(['g1']);
    fireEvent.click(screen.getByRole('button', { name: 'Retirer Amina G1' }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText(fr.errors.ROOM_REMOVE_FORBIDDEN)).toBeTruthy();
  });

  it('has no Remove column for one who may remove nobody', () => {
    renderModal([]);
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByText(en.chat.actions)).toBeNull();
  });
});

describe('join and exit lines', () => {
  const line = (type: ChatMessage['type'], conversation: string) =>
    testMessage({
      id: conversation,
      type,
      conversation,
      sender: { userId: 'g1', firstName: 'Amina', lastName: 'Diallo' },
    });

  it('say who left and who was removed, in the interface language', async () => {
    await applyLanguage('fr');
    render(
      <AntApp>
        <MessageItem message={line('EXIT', 'Amina Diallo left the conversation')} mine={false} />
        <MessageItem message={line('EXIT', 'Amina Diallo was removed from the conversation')} mine={false} />
        <MessageItem message={line('JOIN', 'Amina Diallo joined the conversation')} mine={false} />
      </AntApp>,
    );
    const lines = screen.getAllByRole('status').map((s) => s.textContent);
    expect(lines).toEqual([
      'Amina Diallo a quitté la conversation',
      'Amina Diallo a été retiré(e) de la conversation',
      'Amina Diallo a rejoint la conversation',
    ]);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/http';
import { chatKeys } from '../features/chat/api';
import { dashboardKey } from '../features/dashboard/api';
import { offerKeys } from '../features/offers/queries';
import { responseKeys } from '../features/responses/queries';
import { PROFILE_KEY } from '../features/session/useSession';
import { leaveEarlyStart } from './startCalls';
import { startReadsFor } from './startReads';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const profile = { userId: 'u1', role: 'CHIEF_NEGOTIATOR' };
const offer = { id: 'o1', name: 'Kenya Conditional Initial Offer' };
const accepted = { entries: [], count: 0 };
const lease = { offerId: 'o1', expiresAt: '2026-12-07T18:00:00.000Z', heartbeatSeconds: 30 };

/** The editor's start call answered in full: every part 200. */
const editorParts = {
  profile: { status: 200, body: { payload: profile } },
  offer: { status: 200, body: { payload: offer } },
  acceptedEntries: { status: 200, body: { payload: accepted } },
  lease: { status: 200, body: { payload: lease } },
};

let asked: string[];
function answer(route: (path: string) => Response | Promise<Response>) {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(String(url), 'http://portal.test').pathname.replace(/^\/api/, '');
      asked.push(path);
      return route(path);
    }),
  );
}

beforeEach(() => {
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 600_000));
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The start's queries once they have settled. */
async function settled(client: QueryClient) {
  await vi.waitFor(() => {
    for (const key of [PROFILE_KEY, offerKeys.offer('o1'), responseKeys.accepted('o1')])
      expect(['success', 'error']).toContain(client.getQueryState(key)?.status);
  });
}

describe("the offer editor's start call", () => {
  it('asks once, fills the profile, the offer and its accepted entries, and keeps the lease for the first beat', async () => {
    answer(() =>
      json(200, {
        payload: editorParts,
      }),
    );
    const client = new QueryClient();
    startReadsFor('/edit-offer/o1', client);
    await settled(client);
    expect(asked).toEqual(['/offers/o1/editor']);
    expect(client.getQueryData(PROFILE_KEY)).toEqual(profile);
    expect(client.getQueryData(offerKeys.offer('o1'))).toEqual(offer);
    expect(client.getQueryData(responseKeys.accepted('o1'))).toEqual(accepted);
  });

  it("takes the early script's answer instead of asking again", async () => {
    answer(() => json(500, { code: 'INTERNAL', message: 'not to be asked' }));
    leaveEarlyStart('/offers/o1/editor', 'a', Promise.resolve(json(200, { payload: editorParts })));
    const client = new QueryClient();
    startReadsFor('/edit-offer/o1', client);
    await settled(client);
    expect(asked).toEqual([]);
    expect(client.getQueryData(offerKeys.offer('o1'))).toEqual(offer);
    expect(client.getQueryData(PROFILE_KEY)).toEqual(profile);
  });

  it("asks itself when the early answer was refused (an expired token), or was another screen's", async () => {
    answer(() =>
      json(200, {
        payload: editorParts,
      }),
    );
    leaveEarlyStart(
      '/offers/o1/editor',
      'a',
      Promise.resolve(json(401, { code: 'UNAUTHORIZED', message: 'Expired.' })),
    );
    const client = new QueryClient();
    startReadsFor('/edit-offer/o1', client);
    await settled(client);
    expect(asked).toEqual(['/offers/o1/editor']);
    expect(client.getQueryData(offerKeys.offer('o1'))).toEqual(offer);

    leaveEarlyStart('/offers/o2/editor', 'a', Promise.reject(new TypeError('not this one')));
    const other = new QueryClient();
    startReadsFor('/edit-offer/o1', other);
    await settled(other);
    expect(asked).toEqual(['/offers/o1/editor', '/offers/o1/editor']);
  });

  it('turns a refused part into the refusal its own call gives, the others filled', async () => {
    answer(() =>
      json(200, {
        payload: {
          profile: { status: 200, body: { payload: profile } },
          offer: { status: 404, body: { code: 'NOT_FOUND', message: 'Offer not found.' } },
          acceptedEntries: { status: 404, body: { code: 'NOT_FOUND', message: 'Offer not found.' } },
          lease: { status: 404, body: { code: 'NOT_FOUND', message: 'Offer not found.' } },
        },
      }),
    );
    const client = new QueryClient();
    startReadsFor('/edit-offer/o1', client);
    await settled(client);
    const error = client.getQueryState(offerKeys.offer('o1'))?.error;
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).status, (error as ApiError).code]).toEqual([404, 'NOT_FOUND']);
    expect(client.getQueryData(PROFILE_KEY)).toEqual(profile);
    expect(asked).toEqual(['/offers/o1/editor']);
  });

  it('asks each part by its own call when the start call cannot be had (offline: the worker answers those)', async () => {
    answer((path) => {
      if (path === '/offers/o1/editor') throw new TypeError('Failed to fetch');
      const payload = { '/profile/current': profile, '/offers/o1': offer, '/offers/o1/accepted-entries': accepted }[
        path
      ];
      return json(payload ? 200 : 409, payload ? { payload } : { code: 'NOT_OPEN', message: 'Opened elsewhere.' });
    });
    const client = new QueryClient();
    startReadsFor('/edit-offer/o1', client);
    await settled(client);
    expect(client.getQueryData(offerKeys.offer('o1'))).toEqual(offer);
    expect(client.getQueryData(PROFILE_KEY)).toEqual(profile);
    await vi.waitFor(() => expect(asked).toContain('/offers/checkOpenOffer/o1'));
    expect(asked.slice().sort()).toEqual(
      [
        '/offers/o1/editor',
        '/profile/current',
        '/offers/o1',
        '/offers/o1/accepted-entries',
        '/offers/checkOpenOffer/o1',
      ].sort(),
    );
  });
});

describe("the offers screen's start call", () => {
  it('asks once and fills the profile, the offers and the counter offers', async () => {
    const offers = [{ id: 'o1' }];
    const responses = [{ id: 'r1' }];
    answer(() =>
      json(200, {
        payload: {
          profile: { status: 200, body: { payload: profile } },
          offers: { status: 200, body: { payload: offers } },
          responses: { status: 200, body: { payload: responses } },
        },
      }),
    );
    const client = new QueryClient();
    startReadsFor('/offers', client);
    await vi.waitFor(() => {
      for (const key of [PROFILE_KEY, offerKeys.list(), responseKeys.list()])
        expect(client.getQueryState(key)?.status).toBe('success');
    });
    expect(asked).toEqual(['/offers/start']);
    expect(client.getQueryData(offerKeys.list())).toEqual(offers);
    expect(client.getQueryData(responseKeys.list())).toEqual(responses);
    expect(client.getQueryData(PROFILE_KEY)).toEqual(profile);
  });
});

describe("the messaging screen's start call", () => {
  it('asks once and fills the profile, both lists of rooms and the offers to discuss', async () => {
    const contactRooms = [{ id: 'c1' }];
    const offerRooms = { received: [], sender: [{ id: 'r1' }], invitation: [] };
    const part = (payload: unknown) => ({ status: 200, body: { payload } });
    answer(() =>
      json(200, {
        payload: {
          profile: part(profile),
          contactRooms: part(contactRooms),
          offerRooms: part(offerRooms),
          offers: part([{ id: 'o1' }]),
          doneOffers: part([{ id: 'o2' }]),
        },
      }),
    );
    const client = new QueryClient();
    startReadsFor('/chat', client);
    const keys = [PROFILE_KEY, chatKeys.contactRooms(), chatKeys.offerRooms(), offerKeys.list(), offerKeys.done()];
    await vi.waitFor(() => {
      for (const key of keys) expect(client.getQueryState(key)?.status).toBe('success');
    });
    expect(asked).toEqual(['/chats/start']);
    expect(keys.map((key) => client.getQueryData(key))).toEqual([
      profile,
      contactRooms,
      offerRooms,
      [{ id: 'o1' }],
      [{ id: 'o2' }],
    ]);
  });
});

describe('a part that failed', () => {
  it('is asked by its own call when its query tries again, not read again from the start call', async () => {
    answer((path) =>
      path === '/dashboard/start'
        ? json(200, {
            payload: {
              profile: { status: 200, body: { payload: profile } },
              dashboard: { status: 503, body: { code: 'UNAVAILABLE', message: 'Busy.' } },
            },
          })
        : json(200, { payload: { rooms: [] } }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: 1, retryDelay: 0 } } });
    startReadsFor('/dashboard', client);
    await vi.waitFor(() => expect(client.getQueryState(dashboardKey)?.status).toBe('success'));
    expect(client.getQueryData(dashboardKey)).toEqual({ rooms: [] });
    expect(asked).toEqual(['/dashboard/start', '/dashboard']);
  });
});

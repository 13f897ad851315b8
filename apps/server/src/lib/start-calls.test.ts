/**
 * The screens' start calls of the messaging screen, the dashboard and the workspace (GET /chats/start,
 * /dashboard/start, /coverage/start): each part is the answer its own call gives to the same caller — the same body,
 * the same refusals — and the start call itself asks for a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { chatStartSchema, coverageStartSchema, dashboardStartSchema } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { call } from '../../test/http.js';
import { userWithToken } from '../../test/factories.js';
import { countryOffer } from '../../test/offer-factory.js';

let t: TestApp;
let users: { token: string }[];
beforeAll(async () => {
  t = await startTestApp();
  // A country with an offer (its dashboard and coverage have rows) and the secretariat.
  const { chief } = await countryOffer(t, 'UG');
  users = [chief, await userWithToken(t, { role: 'AFRICAN_UNION' })];
});
afterAll(() => t.close());

/** Each start call, the schema of its answer, and the call each part answers as. */
const START_CALLS: { path: string; schema: z.ZodType; parts: Record<string, string> }[] = [
  {
    path: '/chats/start',
    schema: chatStartSchema,
    parts: {
      profile: '/profile/current',
      contactRooms: '/chats/getAllRomes',
      offerRooms: '/chats/getAllRoomesOffer',
      offers: '/offers',
      doneOffers: '/offers/done',
    },
  },
  {
    path: '/dashboard/start',
    schema: dashboardStartSchema,
    parts: { profile: '/profile/current', dashboard: '/dashboard' },
  },
  {
    path: '/coverage/start',
    schema: coverageStartSchema,
    parts: { profile: '/profile/current', coverage: '/coverage?level=sector' },
  },
];

describe.each(START_CALLS)('GET $path', ({ path, schema, parts }) => {
  it('requires authentication', async () => {
    const res = await call(t, 'GET', path);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it('answers each part as its own call does, for a country user and for the secretariat', async () => {
    for (const user of users) {
      const res = await call(t, 'GET', path, { token: user.token });
      expect(res.status).toBe(200);
      const answer = schema.parse(res.body.payload) as Record<string, unknown>;
      expect(Object.keys(answer).sort()).toEqual(Object.keys(parts).sort());
      for (const [name, own] of Object.entries(parts)) {
        const alone = await call(t, 'GET', own, { token: user.token });
        expect(answer[name], `${path} ${name}`).toEqual({ status: alone.status, body: alone.body });
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OFFERS_API_ROUTES, RESPONSES_API_ROUTES, type OfferDocument } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument, changedCounterDocument, countryOffer } from '../../../test/offer-factory.js';
import { offers } from '../../db/schema/index.js';
import type { PortalEvents } from '../../events.js';
import { OFFER_WRITE_EVENTS } from './cache.js';

// What is kept in memory of an offer (offers/cache.ts) is dropped on the events of its writes, never by the services
// that write: a write that emits none would leave the next read stale. Each call that may write an offer is named
// here; each that writes is made over HTTP on a kept offer, and must emit a write event inside its call and leave the
// next read showing the row as the database holds it.
let t: TestApp;
let seen: { name: string; offerId: string }[] = [];
beforeAll(async () => {
  t = await startTestApp();
  for (const name of [...OFFER_WRITE_EVENTS, 'response.decided'] as const)
    t.ctx.events.onSync(name, (e: PortalEvents[typeof name]) => {
      if (name !== 'response.decided' || ('draftWritten' in e && e.draftWritten))
        seen.push({ name, offerId: e.offerId });
    });
});
afterAll(() => t.close());

type Signed = Awaited<ReturnType<typeof userWithToken>>;
type Offer = { revision: number; status: string; respondedBy: string[] };
/**
 * A write of an offer: what it needs first made (`offerId`: the offer it writes, null for one it creates), then the
 * write itself (`act`); `shows` what the next read must show beyond the row as stored.
 */
type Write = () => Promise<{
  offerId: string | null;
  reader: Signed;
  act: () => Promise<{ status: number; offerId?: string }>;
  shows?: (offer: Offer) => void;
}>;

/** The calls of the offers and counter offers areas that write no offer (its row, versions or what its answer shows). */
const WRITE_NOTHING_OF_AN_OFFER = {
  'POST /offers/offerBycountriesConditional': 'a read with a body',
  'POST /offers/import': 'a schedule file read into a document, nothing stored',
  'POST /offers/translateOffer': 'a translation, nothing stored',
  'POST /offers/translateOfferById': 'a translation, nothing stored',
  'DELETE /offers/checkOpenOffer/:id': 'the edit lease only',
  'POST /offers/:id/takeover': 'the edit lease only',
  'POST /response-offer/file/:id': "a counter offer's PDF, not shown in the offer",
  'POST /response-offer/:id/entries/:key/discuss': 'a chat room and message',
} as const;

const staffToken = async () => (await userWithToken(t, { role: 'AFRICAN_UNION' })).token;
const review =
  (decision: string, country: string, stage: 'submitted' | 'validated', body: object = {}): Write =>
  async () => {
    const offer = await countryOffer(t, country, stage);
    const token = await staffToken();
    const act = async () => ({
      status: (await call(t, 'POST', `/offers/${offer.id}/${decision}`, { token, body })).status,
    });
    return { offerId: offer.id, reader: offer.chief, act };
  };
const answered = async (country: string, answering: string) => {
  const offer = await countryOffer(t, country, 'submitted');
  const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: answering });
  return { offer, chief };
};
const respondedOnce = (offer: Offer) => expect(offer.respondedBy).toHaveLength(1);

const WRITES: Record<string, Write[]> = {
  'POST /offers': [
    async () => {
      const focal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'TZ' });
      const act = async () => {
        const res = await call(t, 'POST', '/offers', { token: focal.token, body: buildOfferDocument(1) });
        return { status: res.status, offerId: res.body.payload.id as string };
      };
      return { offerId: null, reader: focal, act };
    },
  ],
  'PUT /offers/:id': [false, true].map((submittedToAU): Write => async () => {
    const offer = await countryOffer(t, submittedToAU ? 'UG' : 'RW');
    const body = { ...buildOfferDocument(3), submittedToAU, revision: offer.revision };
    const act = async () => ({
      status: (await call(t, 'PUT', `/offers/${offer.id}`, { token: offer.chief.token, body })).status,
    });
    return { offerId: offer.id, reader: offer.chief, act };
  }),
  'POST /offers/:id/validate': [review('validate', 'ZM', 'submitted')],
  'POST /offers/:id/return': [review('return', 'BW', 'submitted', { comment: 'Please revise.' })],
  'POST /offers/:id/finalize': [review('finalize', 'GH', 'validated')],
  'POST /response-offer/:id': [
    async () => {
      const { offer, chief } = await answered('KE', 'SN');
      const body = { offer: changedCounterDocument() };
      const act = async () => ({
        status: (await call(t, 'POST', `/response-offer/${offer.id}`, { token: chief.token, body })).status,
      });
      return { offerId: offer.id, reader: offer.chief, act, shows: respondedOnce };
    },
  ],
  'POST /response-offer/:id/send': [
    async () => {
      const { offer, chief } = await answered('NG', 'CI');
      const focal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'CI' });
      const body = { offer: changedCounterDocument() };
      const draft = await call(t, 'POST', `/response-offer/${offer.id}`, { token: focal.token, body });
      expect(draft.status).toBe(200);
      const url = `/response-offer/${draft.body.payload.id}/send`;
      const act = async () => ({ status: (await call(t, 'POST', url, { token: chief.token })).status });
      return { offerId: offer.id, reader: offer.chief, act, shows: respondedOnce };
    },
  ],
  'PUT /response-offer/:id/entries/:key': [
    async () => {
      const { offer, chief } = await answered('EG', 'MA');
      const counter: OfferDocument = (await call(t, 'GET', `/offers/${offer.id}`, { token: chief.token })).body.payload;
      counter.sectors[0]!.sectorCommitement.limitationsMA.commercialPresence.value = 'None';
      const sent = await call(t, 'POST', `/response-offer/${offer.id}`, {
        token: chief.token,
        body: { offer: counter },
      });
      expect(sent.status).toBe(200);
      const id = sent.body.payload.id;
      const entries = await call(t, 'GET', `/response-offer/${id}/entries`, { token: offer.chief.token });
      const url = `/response-offer/${id}/entries/${entries.body.payload.entries[0].key}`;
      const body = { decision: 'ACCEPTED' };
      const act = async () => ({ status: (await call(t, 'PUT', url, { token: offer.chief.token, body })).status });
      return { offerId: offer.id, reader: offer.chief, act };
    },
  ],
};

const read = async (id: string, reader: Signed) => {
  const res = await call(t, 'GET', `/offers/${id}`, { token: reader.token });
  expect(res.status).toBe(200);
  return res.body.payload as Offer;
};
const listed = async (reader: Signed) =>
  ((await call(t, 'GET', '/offers', { token: reader.token })).body.payload as { id: string }[]).map((o) => o.id);

describe('every write of an offer emits an event that drops what is kept of it', () => {
  it('names each call of the offers and counter offers areas: a write tested below, or none', () => {
    const calls = Object.keys({ ...OFFERS_API_ROUTES, ...RESPONSES_API_ROUTES }).filter((r) => !r.startsWith('GET '));
    expect([...Object.keys(WRITES), ...Object.keys(WRITE_NOTHING_OF_AN_OFFER)].sort()).toEqual(calls.sort());
  });

  for (const [route, writes] of Object.entries(WRITES))
    writes.forEach((write, i) =>
      it(`${route} (${i + 1}): a write event inside the call, and the next read as stored`, async () => {
        const { offerId: known, reader, act, shows } = await write();
        // Kept before the write: the offer's answer and the reader's list.
        if (known) await read(known, reader);
        const before = await listed(reader);
        seen = [];
        const done = await act();
        expect(done.status).toBe(200);
        const offerId = known ?? done.offerId!;
        expect(seen.map((e) => e.offerId)).toContain(offerId);
        const [row] = await t.ctx.db
          .select({ revision: offers.revision, status: offers.status })
          .from(offers)
          .where(eq(offers.id, offerId));
        const now = await read(offerId, reader);
        expect(now).toMatchObject({ revision: row!.revision, status: row!.status });
        shows?.(now);
        if (!known) expect(before).not.toContain(offerId);
        expect(await listed(reader)).toContain(offerId);
      }),
    );
});

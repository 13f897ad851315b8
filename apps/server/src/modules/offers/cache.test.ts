import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, twoInstancesWithRedis, type TestApp } from '../../../test/harness.js';
import { call, rawGet } from '../../../test/http.js';
import { expectCompressedAs } from '../../../test/compressed.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument, changedCounterDocument, countryOffer } from '../../../test/offer-factory.js';
import { OfferCache } from './cache.js';

// GET /offers/:id answers are kept in memory as sent (offers/cache.ts): whatever changes the offer is seen on the very
// next read, by its own country, by the secretariat and by other countries.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const read = async (id: string, token: string) => {
  const res = await call(t, 'GET', `/offers/${id}`, { token });
  expect(res.status).toBe(200);
  return res.body.payload;
};

describe('an offer read again from memory', () => {
  it('is the saved offer at once after a save, for the editor and for the secretariat', async () => {
    const offer = await countryOffer(t, 'TZ');
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    for (let i = 0; i < 2; i++) {
      expect((await read(offer.id, offer.focal.token)).sectors).toHaveLength(2);
      expect((await read(offer.id, staff.token)).sectors).toHaveLength(2);
    }
    const saved = await call(t, 'PUT', `/offers/${offer.id}`, {
      token: offer.focal.token,
      body: { ...buildOfferDocument(4), comment: 'Saved just now', submittedToAU: false, revision: offer.revision },
    });
    expect(saved.status).toBe(200);
    for (const token of [offer.focal.token, staff.token]) {
      const now = await read(offer.id, token);
      expect(now).toMatchObject({ revision: saved.body.payload.revision, comment: 'Saved just now' });
      expect(now.sectors).toHaveLength(4);
    }
  });

  it('shows a review decision at once: status, the version list and the comment', async () => {
    const offer = await countryOffer(t, 'UG', 'submitted');
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const other = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
    for (const token of [offer.chief.token, staff.token, other.token]) await read(offer.id, token);
    const returned = await call(t, 'POST', `/offers/${offer.id}/return`, {
      token: staff.token,
      body: { comment: 'Please revise the schedule.' },
    });
    expect(returned.status).toBe(200);
    const own = await read(offer.id, offer.chief.token);
    expect(own.status).toBe('RETURNED');
    expect(own.offerVersions.at(-1)).toMatchObject({ status: 'RETURNED', comment: 'Please revise the schedule.' });
    expect((await read(offer.id, staff.token)).status).toBe('RETURNED');
    // Another country sees the latest version's status, without the secretariat's comment.
    const shown = await read(offer.id, other.token);
    expect(shown.status).toBe('RETURNED');
    expect(shown.offerVersions.at(-1).comment).toBeNull();
  });

  it('lists a country that answered with a counter offer at once', async () => {
    const offer = await countryOffer(t, 'RW', 'submitted');
    const answering = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'BW' });
    expect((await read(offer.id, offer.chief.token)).respondedBy).toEqual([]);
    expect((await read(offer.id, answering.token)).respondedBy).toEqual([]);
    const sent = await call(t, 'POST', `/response-offer/${offer.id}`, {
      token: answering.token,
      body: { counterCountry: 'BW', offer: changedCounterDocument() },
    });
    expect(sent.status).toBe(200);
    expect((await read(offer.id, offer.chief.token)).respondedBy).toEqual(['Botswana']);
    expect((await read(offer.id, answering.token)).respondedBy).toEqual(['Botswana']);
  });

  it('answers 304 to an unchanged offer served from memory, and the same tag as when it was built', async () => {
    const offer = await countryOffer(t, 'ZM');
    const url = `${t.api}/offers/${offer.id}`;
    const auth = { authorization: `Bearer ${offer.focal.token}` };
    const built = await rawGet(url, auth);
    const kept = await rawGet(url, auth);
    expect(kept.headers.etag).toBe(built.headers.etag);
    expect(kept.body.toString()).toBe(built.body.toString());
    const again = await rawGet(url, { ...auth, 'if-none-match': String(kept.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('sends the kept answer compressed as the browser accepts it, the same JSON each time', async () => {
    const offer = await countryOffer(t, 'MW');
    const url = `${t.api}/offers/${offer.id}`;
    const auth = { authorization: `Bearer ${offer.focal.token}` };
    const plain = (await rawGet(url, auth)).body.toString();
    for (let i = 0; i < 2; i++) await expectCompressedAs(url, auth, plain);
    // Uncompressed, from the kept UTF-8 bytes after the first read: the same JSON, its length in bytes.
    for (let i = 0; i < 2; i++) {
      const identity = await rawGet(url, { ...auth, 'accept-encoding': 'identity' });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.headers['content-length']).toBe(String(Buffer.byteLength(plain)));
      expect(identity.body.toString()).toBe(plain);
    }
  });

  it('still refuses an offer the user may not see (404), even when kept for others', async () => {
    const offer = await countryOffer(t, 'NA');
    await read(offer.id, offer.focal.token);
    const other = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
    expect((await call(t, 'GET', `/offers/${offer.id}`, { token: other.token })).status).toBe(404);
  });
});

describe('offer lists read again from memory', () => {
  const listed = async (path: string, token: string, id: string) =>
    ((await call(t, 'GET', path, { token })).body.payload as { id: string; countryId: number }[]).find(
      (o) => o.id === id,
    );

  it('show a new offer, a save, a submission and a review at once, to the country, the secretariat and others', async () => {
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const other = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
    // Read first, so that each list is kept before every change.
    const readAll = () =>
      Promise.all([
        call(t, 'GET', '/offers', { token: staff.token }),
        call(t, 'GET', '/offers/done', { token: other.token }),
        call(t, 'GET', '/offers/validate', { token: staff.token }),
      ]);
    await readAll();
    const offer = await countryOffer(t, 'BF');
    expect(await listed('/offers', staff.token, offer.id)).toMatchObject({ sectors: 2, versions: 0 });
    expect(await listed('/offers', offer.focal.token, offer.id)).toMatchObject({ sectors: 2 });
    expect(await listed('/offers/done', other.token, offer.id)).toBeUndefined();
    await readAll();

    const submitted = await call(t, 'PUT', `/offers/${offer.id}`, {
      token: offer.chief.token,
      body: { ...buildOfferDocument(3), submittedToAU: true, revision: offer.revision },
    });
    expect(submitted.status).toBe(200);
    expect(await listed('/offers', offer.focal.token, offer.id)).toMatchObject({ sectors: 3, versions: 1 });
    expect(await listed('/offers/done', other.token, offer.id)).toMatchObject({ sectors: 3, status: 'INITIAL_OFFER' });
    expect(await listed('/offers/validate', staff.token, offer.id)).toMatchObject({ status: 'INITIAL_OFFER' });

    const returned = await call(t, 'POST', `/offers/${offer.id}/return`, {
      token: staff.token,
      body: { comment: 'Please revise.' },
    });
    expect(returned.status).toBe(200);
    expect(await listed('/offers/validate', staff.token, offer.id)).toMatchObject({ status: 'RETURNED' });
    expect(await listed('/offers/done', other.token, offer.id)).toMatchObject({ status: 'RETURNED' });

    // A draft saved after the submission: the country sees its draft, others still the version they were sent.
    const saved = await call(t, 'PUT', `/offers/${offer.id}`, {
      token: offer.focal.token,
      body: {
        ...buildOfferDocument(5),
        submittedToAU: false,
        revision: (await read(offer.id, offer.focal.token)).revision,
      },
    });
    expect(saved.status).toBe(200);
    expect(await listed('/offers', offer.focal.token, offer.id)).toMatchObject({ sectors: 5 });
    expect(await listed('/offers/done', other.token, offer.id)).toMatchObject({ sectors: 3 });
  });

  it("show a country's deactivation at once", async () => {
    const offer = await countryOffer(t, 'LS', 'submitted');
    const admin = await userWithToken(t, { role: 'ADMIN', country: null });
    const other = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
    expect(await listed('/offers/done', other.token, offer.id)).toMatchObject({ countryActive: true });
    const countryId = (await listed('/offers/done', other.token, offer.id))!.countryId;
    const off = await call(t, 'PUT', `/countries/${countryId}/active`, { token: admin.token, body: { active: false } });
    expect(off.status).toBe(200);
    expect(await listed('/offers/done', other.token, offer.id)).toMatchObject({ countryActive: false });
  });
});

describe('the offer cache itself', () => {
  it('keeps nothing read before a drop, and forgets entries past their time or size', () => {
    let now = 0;
    const cache = new OfferCache(60, true, 10, () => now);
    const epoch = cache.epoch;
    cache.drop('a');
    cache.remember('a|shown', 's1', '{}', epoch);
    expect(cache.recall('a|shown', 's1')).toBeUndefined();
    cache.remember('a|shown', 's1', '{"x":1}', cache.epoch);
    expect(cache.recall('a|shown', 's1')?.json).toBe('{"x":1}');
    expect(cache.recall('a|shown', 's2')).toBeUndefined();
    cache.remember('a|shown', 's1', '{"x":1}', cache.epoch);
    cache.remember('b|shown', 's1', '{"y":2}', cache.epoch);
    expect(cache.recall('a|shown', 's1')).toBeUndefined();
    expect(cache.recall('b|shown', 's1')?.json).toBe('{"y":2}');
    now = 60_001;
    expect(cache.recall('b|shown', 's1')).toBeUndefined();
  });

  it("drops, on a change of an offer, the lists of its country and those of all countries, not another country's", async () => {
    const cache = new OfferCache(60);
    let reads = 0;
    const load = () => Promise.resolve(++reads);
    const lists = () =>
      Promise.all([cache.list(1, 'mine', load), cache.list(2, 'mine', load), cache.list(null, 'all', load)]);
    expect(await lists()).toEqual([1, 2, 3]);
    expect(await lists()).toEqual([1, 2, 3]);
    cache.drop('offer-of-1', 1);
    expect(await lists()).toEqual([4, 2, 5]);
    // A change whose country is not known drops every list.
    cache.drop('offer');
    expect(await lists()).toEqual([6, 7, 8]);
    // Several instances: nothing kept, every read asks.
    const shared = new OfferCache(60, false);
    expect(await shared.list(1, 'mine', load)).toBe(9);
    expect(await shared.list(1, 'mine', load)).toBe(10);
  });

  it('builds an answer once for concurrent misses, and afresh for a read after a drop', async () => {
    const cache = new OfferCache(60);
    let builds = 0;
    let release = () => {};
    const build = () => {
      builds++;
      return new Promise<string>((resolve) => (release = () => resolve(`{"build":${builds}}`)));
    };
    const waiting = Array.from({ length: 100 }, () => cache.answer('a|shown', 's1', build));
    release();
    expect(new Set((await Promise.all(waiting)).map((a) => a.json))).toEqual(new Set(['{"build":1}']));
    expect(builds).toBe(1);
    const beforeDrop = cache.answer('a|shown', 's2', build);
    cache.drop('a');
    const afterDrop = cache.answer('a|shown', 's2', build);
    expect(builds).toBe(3);
    release();
    expect((await afterDrop).json).toBe('{"build":3}');
    void beforeDrop;
  });
});

describe('two instances on one database and Redis', () => {
  const pair = twoInstancesWithRedis();

  const readOn = async (app: TestApp, id: string, token: string) =>
    (await call(app, 'GET', `/offers/${id}`, { token })).body.payload;

  it('shows on B at once an offer saved, and a counter offer sent, on A', async () => {
    const { a, b } = pair;
    const offer = await countryOffer(a, 'KE', 'submitted');
    const answering = await userWithToken(a, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    for (let i = 0; i < 2; i++) {
      expect((await readOn(b, offer.id, offer.focal.token)).sectors).toHaveLength(2);
      expect((await readOn(b, offer.id, answering.token)).respondedBy).toEqual([]);
    }
    const saved = await call(a, 'PUT', `/offers/${offer.id}`, {
      token: offer.focal.token,
      body: { ...buildOfferDocument(5), submittedToAU: false, revision: offer.revision },
    });
    expect(saved.status).toBe(200);
    expect((await readOn(b, offer.id, offer.focal.token)).sectors).toHaveLength(5);
    const sent = await call(a, 'POST', `/response-offer/${offer.id}`, {
      token: answering.token,
      body: { counterCountry: 'SN', offer: changedCounterDocument() },
    });
    expect(sent.status).toBe(200);
    expect((await readOn(b, offer.id, answering.token)).respondedBy).toEqual(['Senegal']);
  });

  it('lists on B at once an offer created, submitted and returned on A', async () => {
    const { a, b } = pair;
    const staff = await userWithToken(a, { role: 'AFRICAN_UNION' });
    const listedOn = async (app: TestApp, path: string, id: string) =>
      ((await call(app, 'GET', path, { token: staff.token })).body.payload as { id: string }[]).find(
        (o) => o.id === id,
      );
    await call(b, 'GET', '/offers/validate', { token: staff.token });
    const offer = await countryOffer(a, 'ET', 'submitted');
    expect(await listedOn(b, '/offers/validate', offer.id)).toMatchObject({ status: 'INITIAL_OFFER', versions: 1 });
    const returned = await call(a, 'POST', `/offers/${offer.id}/return`, {
      token: staff.token,
      body: { comment: 'Please revise.' },
    });
    expect(returned.status).toBe(200);
    expect(await listedOn(b, '/offers/validate', offer.id)).toMatchObject({ status: 'RETURNED' });
    expect((await readOn(b, offer.id, offer.chief.token)).status).toBe('RETURNED');
  });
});

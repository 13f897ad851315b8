import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call, rawGet } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument, countryOffer, type CountryOffer } from '../../../test/offer-factory.js';

// A browser on a poor connection keeps the offer it read and asks again with If-None-Match: an unchanged offer costs a
// 304 with no body, a changed one the new offer and its new tag.
let t: TestApp;
let offer: CountryOffer;
const auth = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });
const offerUrl = () => `${t.api}/offers/${offer.id}`;

beforeAll(async () => {
  t = await startTestApp();
  offer = await countryOffer(t, 'KE');
});
afterAll(() => t.close());

describe('reading an offer again', () => {
  it('requires authentication: a matching If-None-Match without a session is a 401, not a 304', async () => {
    const first = await rawGet(offerUrl(), auth(offer.focal.token));
    const res = await rawGet(offerUrl(), { 'if-none-match': String(first.headers.etag) });
    expect(res.status).toBe(401);
  });

  it('refuses other countries: a matching If-None-Match still gets the 404 of an offer they may not see', async () => {
    const first = await rawGet(offerUrl(), auth(offer.focal.token));
    const other = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'SN' });
    const res = await rawGet(offerUrl(), auth(other.token, { 'if-none-match': String(first.headers.etag) }));
    expect(res.status).toBe(404);
  });

  it('tags the offer and lets the browser keep it only for this user, asking again before each use', async () => {
    const res = await rawGet(offerUrl(), auth(offer.focal.token));
    expect(res.status).toBe(200);
    expect(res.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(JSON.parse(res.body.toString()).payload.id).toBe(offer.id);
  });

  it('answers 304 with no body to an unchanged offer', async () => {
    const first = await rawGet(offerUrl(), auth(offer.focal.token));
    const again = await rawGet(offerUrl(), auth(offer.focal.token, { 'if-none-match': String(first.headers.etag) }));
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    // Compressed or not, the same offer has the same tag.
    const brotli = await rawGet(offerUrl(), auth(offer.focal.token, { 'accept-encoding': 'br' }));
    expect(brotli.headers.etag).toBe(first.headers.etag);
    const inBrotli = await rawGet(
      offerUrl(),
      auth(offer.focal.token, { 'accept-encoding': 'br', 'if-none-match': String(brotli.headers.etag) }),
    );
    expect(inBrotli.status).toBe(304);
    expect(inBrotli.body.length).toBe(0);
  });

  it('sends the saved offer and its new tag after a save', async () => {
    const before = await rawGet(offerUrl(), auth(offer.focal.token));
    const saved = await call(t, 'PUT', `/offers/${offer.id}?isEdited=true`, {
      token: offer.focal.token,
      body: { ...buildOfferDocument(3), submittedToAU: false, revision: offer.revision },
    });
    expect(saved.status).toBe(200);
    offer.revision = saved.body.payload.revision;
    const after = await rawGet(offerUrl(), auth(offer.focal.token, { 'if-none-match': String(before.headers.etag) }));
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const body = JSON.parse(after.body.toString());
    expect(body.payload.revision).toBe(offer.revision);
    expect(body.payload.sectors).toHaveLength(3);
  });

  it('gives another user of the same browser their own offer, not the one kept for the first', async () => {
    // The chief sees the same draft but other permissions: the focal point's tag does not match.
    const focal = await rawGet(offerUrl(), auth(offer.focal.token));
    const chief = await rawGet(offerUrl(), auth(offer.chief.token, { 'if-none-match': String(focal.headers.etag) }));
    expect(chief.status).toBe(200);
    expect(JSON.parse(chief.body.toString()).payload.permissions.submit).toBe(true);
  });

  it('compresses the offer for a browser that accepts it', async () => {
    const res = await rawGet(offerUrl(), auth(offer.focal.token, { 'accept-encoding': 'gzip, deflate, br' }));
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(res.body).toString()).payload.id).toBe(offer.id);
  });
});

describe('reading a submitted version again', () => {
  it('answers 304 to an unchanged version', async () => {
    const submitted = await countryOffer(t, 'UG', 'submitted');
    const url = `${t.api}/offers/version/${submitted.id}/1`;
    const first = await rawGet(url, auth(submitted.chief.token));
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await rawGet(url, auth(submitted.chief.token, { 'if-none-match': String(first.headers.etag) }));
    expect(again.status).toBe(304);
  });
});

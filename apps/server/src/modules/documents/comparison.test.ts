import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument } from '../../../test/offer-factory.js';
import { download, pdfPages, stripBidi } from '../../../test/read-back.js';
import { must } from '../../../test/must.js';

let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
let ke: Signed, sn: Signed, gh: Signed, staff: Signed;
let offerId: string, otherOfferId: string, responseId: string;

function schedule(modeThree: string) {
  const doc = buildOfferDocument(2);
  must(doc.sectors[0]).services = [{ title: 'Legal Services', value: '1.A.a', key: 'W120:1.A.a' }];
  must(doc.sectors[0]).sectorCommitement.limitationsMA.commercialPresence.value = modeThree;
  return doc;
}

beforeAll(async () => {
  t = await startTestApp();
  [ke, sn, gh, staff] = await Promise.all([
    userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' }),
    userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' }),
    userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' }),
    userWithToken(t, { role: 'AFRICAN_UNION' }),
  ]);
  offerId = (
    await call(t, 'POST', '/offers', {
      token: ke.token,
      body: { ...schedule('Joint venture with a local partner required'), submittedToAU: true },
    })
  ).body.payload.id;
  expect(
    (await call(t, 'POST', `/offers/${offerId}/return`, { token: staff.token, body: { comment: 'Revise' } })).status,
  ).toBe(200);
  const { revision } = (await call(t, 'GET', `/offers/${offerId}`, { token: ke.token })).body.payload;
  const v2 = await call(t, 'PUT', `/offers/${offerId}`, {
    token: ke.token,
    body: { ...schedule('Joint venture with any partner required'), submittedToAU: true, revision },
  });
  expect(v2.status).toBe(200);
  otherOfferId = (
    await call(t, 'POST', '/offers', { token: gh.token, body: { ...buildOfferDocument(1), submittedToAU: true } })
  ).body.payload.id;
  const seen = (await call(t, 'GET', `/offers/${offerId}`, { token: sn.token })).body.payload;
  const counter = schedule('None');
  counter.sectors = seen.sectors;
  must(counter.sectors[0]).sectorCommitement.limitationsMA.commercialPresence.value = 'None';
  responseId = (await call(t, 'POST', `/response-offer/${offerId}`, { token: sn.token, body: { offer: counter } })).body
    .payload.id;
});
afterAll(() => t.close());

describe('GET /offers/{id}/compare/export', () => {
  it('compares two submitted versions by sector and mode, words deleted and inserted', async () => {
    const res = await download(t, gh.token, `/offers/${offerId}/compare/export?format=pdf&lang=en&from=1&to=2`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('Kenya-comparison-v1-v2-en.pdf');
    const text = stripBidi(pdfPages(res.data).join('\n'));
    expect(text).toContain('Comparison of version 1 and version 2');
    expect(text).toContain('1 change');
    expect(text).toContain('1.A.a Legal Services');
    expect(text).toContain('3) Commercial presence');
    expect(text).toMatch(/Joint venture with a local/);
    expect(text).toMatch(/Joint venture with any/);
  });

  it('compares a counter offer with the version it answers, in Arabic with codes left to right', async () => {
    const res = await download(
      t,
      ke.token,
      `/offers/${offerId}/compare/export?format=pdf&lang=ar&responseId=${responseId}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('Kenya-comparison-counter-offer-by-Senegal-v2-ar.pdf');
    const raw = pdfPages(res.data).join('\n');
    expect(raw).toContain('1.A.a');
    expect(stripBidi(raw)).toContain('Joint venture with any');
  });

  it('answers 404 for what the caller may not read and 400 for a bad question', async () => {
    const url = (q: string, token = gh.token) => download(t, token, `/offers/${offerId}/compare/export?${q}`);
    expect((await url(`format=pdf&lang=en&responseId=${responseId}`)).status).toBe(404);
    expect((await url(`format=pdf&lang=en&responseId=${responseId}`, ke.token)).status).toBe(200);
    expect(
      (
        await download(
          t,
          ke.token,
          `/offers/${otherOfferId}/compare/export?format=pdf&lang=en&responseId=${responseId}`,
        )
      ).status,
    ).toBe(404);
    expect((await url('format=pdf&lang=en&from=1&to=9')).status).toBe(404);
    expect(await url('format=pdf&lang=en&from=1')).toMatchObject({
      status: 400,
      json: { message: DOCUMENT_MESSAGES.compareWhat },
    });
    expect((await url('format=docx&lang=en&from=1&to=2')).status).toBe(400);
  });
});

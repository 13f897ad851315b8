import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  offerListItemSchema,
  offerSavedSchema,
  offerSchema,
  offerVersionSummarySchema,
  responseOfferSchema,
  responseSummarySchema,
} from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument, countryOffer } from '../../../test/offer-factory.js';

// The contract: every offer the API answers with is what packages/shared says it is, field for field. A schema parse
// that succeeds could still drop a field the server added or fill a default the server left out, so the parsed value
// must also equal what was sent.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

function expectContract(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(parsed.data).toEqual(value);
}

describe('every offer the API returns parses with the shared schemas', () => {
  it('single offers: created, saved, read by each kind of reader, decided on, and each version', async () => {
    const { id, focal, chief, revision } = await countryOffer(t, 'KE');
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const other = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const saved = await call(t, 'PUT', `/offers/${id}`, {
      token: chief.token,
      body: { ...buildOfferDocument(2), submittedToAU: true, revision },
    });
    expect(saved.status).toBe(200);
    expectContract(offerSavedSchema, saved.body.payload);
    for (const who of [focal, chief, staff, other]) {
      const read = await call(t, 'GET', `/offers/${id}`, { token: who.token });
      expect(read.status).toBe(200);
      expectContract(offerSchema, read.body.payload);
    }
    const returned = await call(t, 'POST', `/offers/${id}/return`, {
      token: staff.token,
      body: { comment: 'Please revise.' },
    });
    expectContract(offerSchema, returned.body.payload);

    const versions = await call(t, 'GET', `/offers/version/${id}`, { token: focal.token });
    expect(versions.body.payload).toHaveLength(1);
    for (const v of versions.body.payload) expectContract(offerVersionSummarySchema, v);
    const first = await call(t, 'GET', `/offers/version/${id}/1`, { token: other.token });
    expect(first.status).toBe(200);
    expectContract(offerSchema, first.body.payload);
  });

  it('a new offer, created by the secretariat for a country', async () => {
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const gh = (await call(t, 'GET', '/countries')).body.payload.find((c: { code: string }) => c.code === 'GH');
    const created = await call(t, 'POST', '/offers', {
      token: staff.token,
      body: { ...buildOfferDocument(1), countryIdCreator: gh.id },
    });
    expect(created.status).toBe(200);
    expectContract(offerSchema, created.body.payload);
  });

  it('the lists: all offers, the offers done, the validation queue', async () => {
    const { chief } = await countryOffer(t, 'UG', 'validated');
    await countryOffer(t, 'TZ');
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    for (const [path, who] of [
      ['/offers', chief],
      ['/offers', staff],
      ['/offers/done', chief],
      ['/offers/validate', staff],
    ] as const) {
      const list = await call(t, 'GET', path, { token: who.token });
      expect(list.status).toBe(200);
      expect(list.body.payload.length).toBeGreaterThan(0);
      for (const item of list.body.payload) expectContract(offerListItemSchema, item);
    }
  });

  it('counter offers: as sent, as listed and as read', async () => {
    const { id } = await countryOffer(t, 'RW', 'submitted');
    const sn = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'ET' });
    const sent = await call(t, 'POST', `/response-offer/${id}`, {
      token: sn.token,
      body: { offer: buildOfferDocument(2) },
    });
    expect(sent.status).toBe(200);
    expectContract(responseSummarySchema, sent.body.payload);
    const listed = await call(t, 'GET', '/response-offer', { token: sn.token });
    expect(listed.body.payload.length).toBeGreaterThan(0);
    for (const item of listed.body.payload) expectContract(responseSummarySchema, item);
    const read = await call(t, 'GET', `/response-offer/${sent.body.payload.id}`, { token: sn.token });
    expect(read.status).toBe(200);
    expectContract(responseOfferSchema, read.body.payload);
  });
});

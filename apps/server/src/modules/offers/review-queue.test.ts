import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { countryOffer } from '../../../test/offer-factory.js';

/** The secretariat's queue (/offers-validate): what it holds and in which order. */
let t: TestApp;
let staffToken: string;
const ids: Record<string, string> = {};
const pause = () => new Promise((r) => setTimeout(r, 30));

beforeAll(async () => {
  t = await startTestApp();
  staffToken = (await userWithToken(t, { role: 'AFRICAN_UNION' })).token;
  // In this order: Uganda validated, Tanzania submitted, Kenya drafts and never submits, Rwanda submitted, Nigeria
  // returned (a decision taken), Senegal sent back and submitted again.
  ids.UG = (await countryOffer(t, 'UG', 'validated')).id;
  await pause();
  ids.TZ = (await countryOffer(t, 'TZ', 'submitted')).id;
  await pause();
  ids.KE = (await countryOffer(t, 'KE', 'draft')).id;
  await pause();
  ids.RW = (await countryOffer(t, 'RW', 'submitted')).id;
  await pause();
  ids.NG = (await countryOffer(t, 'NG', 'returned')).id;
  await pause();
  ids.SN = (await countryOffer(t, 'SN', 'resubmitted')).id;
});
afterAll(() => t.close());

const listed = async (path: string) => {
  const res = await call(t, 'GET', path, { token: staffToken });
  expect(res.status).toBe(200);
  const byId = new Map(Object.entries(ids).map(([country, id]) => [id, country]));
  return (res.body.payload as { id: string }[]).map((o) => byId.get(o.id)).filter(Boolean);
};

describe("the secretariat's review queue", () => {
  it('holds no never-submitted draft (the workspace list still does)', async () => {
    expect(await listed('/offers/validate')).not.toContain('KE');
    expect(await listed('/offers')).toContain('KE');
  });

  it('lists the versions awaiting a decision first, the longest waiting at the top, then the decided, latest first', async () => {
    expect(await listed('/offers/validate')).toEqual(['TZ', 'RW', 'SN', 'NG', 'UG']);
  });
});

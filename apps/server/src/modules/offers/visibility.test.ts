import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument } from '../../../test/offer-factory.js';

/** What other countries and advisors may learn of an offer: its submitted versions, never the working draft. */
let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
let focal: Signed, chief: Signed, staff: Signed, otherChief: Signed, advisor: Signed;
let id: string;
/** Nigeria's offer, submitted between Kenya's submission and Kenya's later draft. */
let ngId: string;
let revision: number;
const SECRET_NAME = 'Kenya draft not yet sent';
const SEND_BACK = 'Mode 3 limitations are too broad; list the CPC codes.';

interface Item {
  id: string;
  name: string;
  sectors: number;
  status: string;
  updatedAt: string;
  lastSubmittedAt: string | null;
  submittedToAU: boolean;
}
const item = async (path: string, who: Signed): Promise<Item> => {
  const res = await call(t, 'GET', path, { token: who.token });
  expect(res.status).toBe(200);
  const found = (res.body.payload as Item[]).find((o) => o.id === id);
  expect(found).toBeDefined();
  return found!;
};
const offerAs = async (who: Signed) => (await call(t, 'GET', `/offers/${id}`, { token: who.token })).body.payload;

beforeAll(async () => {
  t = await startTestApp();
  focal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE' });
  chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
  otherChief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
  staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
  advisor = await userWithToken(t, { role: 'REGIONAL_ADVISOR' });
  const created = (
    await call(t, 'POST', '/offers', { token: focal.token, body: buildOfferDocument(2, { name: 'Kenya schedule v1' }) })
  ).body.payload;
  id = created.id;
  const submitted = await call(t, 'PUT', `/offers/${id}`, {
    token: chief.token,
    body: { ...buildOfferDocument(2, { name: 'Kenya schedule v1' }), submittedToAU: true, revision: created.revision },
  });
  expect(submitted.status).toBe(200);
  revision = submitted.body.payload.revision;
});
afterAll(() => t.close());

describe('the status shown', () => {
  it('is the real one in every list and in the document, to its own country and the secretariat too (the editor alone shows IN_PROGRESS)', async () => {
    for (const who of [focal, chief, staff]) {
      expect((await offerAs(who)).status).toBe('INITIAL_OFFER');
      expect((await item('/offers', who)).status).toBe('INITIAL_OFFER');
      expect((await item('/offers/done', who)).status).toBe('INITIAL_OFFER');
    }
  });

  it("is the submitted version's for others, in the lists as in the document", async () => {
    for (const who of [otherChief, advisor]) {
      expect((await offerAs(who)).status).toBe('INITIAL_OFFER');
      expect((await item('/offers/done', who)).status).toBe('INITIAL_OFFER');
    }
    expect((await item('/offers', advisor)).status).toBe('INITIAL_OFFER');
  });

  it("keeps the stored status in the secretariat's review queue, whose actions depend on it", async () => {
    expect((await item('/offers/validate', staff)).status).toBe('INITIAL_OFFER');
  });
});

describe('a later draft', () => {
  beforeAll(async () => {
    expect(
      (await call(t, 'POST', `/offers/${id}/return`, { token: staff.token, body: { comment: SEND_BACK } })).status,
    ).toBe(200);
    // Nigeria submits after Kenya's submission and before Kenya's later draft.
    await new Promise((r) => setTimeout(r, 50));
    const ngChief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'NG' });
    const ng = await call(t, 'POST', '/offers', {
      token: ngChief.token,
      body: { ...buildOfferDocument(1), submittedToAU: true },
    });
    expect(ng.status).toBe(200);
    ngId = ng.body.payload.id;
    // Saved a second later, so that the draft's last change differs from the submission's time.
    await new Promise((r) => setTimeout(r, 1100));
    const draft = await call(t, 'PUT', `/offers/${id}`, {
      token: focal.token,
      body: { ...buildOfferDocument(3, { name: SECRET_NAME }), submittedToAU: false, revision },
    });
    expect(draft.status).toBe(200);
  });

  it("is not revealed in the lists to other countries and advisors: name, sectors and last change are the submitted version's", async () => {
    for (const [path, who] of [
      ['/offers/done', otherChief],
      ['/offers/done', advisor],
      ['/offers', advisor],
    ] as const) {
      const row = await item(path, who);
      expect(row).toMatchObject({ name: 'Kenya schedule v1', sectors: 2 });
      expect(row.updatedAt).toBe(row.lastSubmittedAt);
    }
    const res = await call(t, 'GET', '/offers/done', { token: otherChief.token });
    expect(JSON.stringify(res.body)).not.toContain(SECRET_NAME);
  });

  it("is listed with the draft's name, sectors and last change for its country and the secretariat", async () => {
    for (const [path, who] of [
      ['/offers', focal],
      ['/offers/done', chief],
      ['/offers', staff],
      ['/offers/done', staff],
    ] as const) {
      const row = await item(path, who);
      expect(row).toMatchObject({ name: SECRET_NAME, sectors: 3 });
      expect(row.updatedAt > row.lastSubmittedAt!).toBe(true);
    }
  });

  it('is not what orders the lists of others: they are sorted by the last submission', async () => {
    for (const [path, who] of [
      ['/offers/done', otherChief],
      ['/offers/done', advisor],
      ['/offers', advisor],
    ] as const) {
      const ids = ((await call(t, 'GET', path, { token: who.token })).body.payload as Item[]).map((o) => o.id);
      expect(ids.indexOf(ngId), path).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(ngId), path).toBeLessThan(ids.indexOf(id));
    }
    // Its own country and the secretariat see the draft, and its last change.
    for (const who of [chief, staff]) {
      const ids = ((await call(t, 'GET', '/offers/done', { token: who.token })).body.payload as Item[]).map(
        (o) => o.id,
      );
      expect(ids.indexOf(id)).toBeLessThan(ids.indexOf(ngId));
    }
  });

  it('leaves submittedToAU as of the latest version for others (true once any version is submitted)', async () => {
    for (const who of [otherChief, advisor]) {
      expect((await item('/offers/done', who)).submittedToAU).toBe(true);
      expect((await offerAs(who)).submittedToAU).toBe(true);
    }
    // Those who see the draft learn that it is no longer the one submitted.
    expect((await item('/offers', chief)).submittedToAU).toBe(false);
    expect((await offerAs(staff)).submittedToAU).toBe(false);
  });

  it("leaves the document's last change at the submitted version for others", async () => {
    const seen = await offerAs(otherChief);
    expect(seen.name).toBe('Kenya schedule v1');
    expect(seen.updatedAt).toBe(seen.offerVersions[0].createdAt);
  });

  it('does not tell others how many times the draft was saved (its revision)', async () => {
    expect((await offerAs(otherChief)).revision).toBe(0);
    expect((await offerAs(chief)).revision).toBeGreaterThan(0);
  });
});

describe("the secretariat's comment on a version", () => {
  it("goes to the offer's own country and the secretariat", async () => {
    for (const who of [focal, chief, staff]) {
      expect((await offerAs(who)).offerVersions[0].comment).toBe(SEND_BACK);
      expect((await call(t, 'GET', `/offers/version/${id}`, { token: who.token })).body.payload[0].comment).toBe(
        SEND_BACK,
      );
    }
  });

  it("and the authors' names are withheld from other countries and advisors, in every view of the versions", async () => {
    for (const who of [otherChief, advisor]) {
      const views = [
        (await offerAs(who)).offerVersions,
        (await call(t, 'GET', `/offers/version/${id}`, { token: who.token })).body.payload,
        (await call(t, 'GET', `/offers/version/${id}/1`, { token: who.token })).body.payload.offerVersions,
      ];
      for (const versions of views) {
        expect(versions[0]).toMatchObject({ number: 1, status: 'RETURNED', comment: null, authorName: 'Kenya' });
        expect(JSON.stringify(versions)).not.toContain(SEND_BACK);
      }
    }
  });
});

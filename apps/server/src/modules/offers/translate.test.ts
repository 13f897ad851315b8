import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument, sectorWith } from '../../../test/offer-factory.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

function scheduleDocument() {
  const doc = buildOfferDocument(0);
  const legal = sectorWith('861', 'Legal Services');
  legal.services[0].key = 'W120:1.A.a';
  legal.sectorCommitement.limitationsMA.crossBorder.value = 'None';
  legal.sectorCommitement.limitationsMA.consumptionAbroad.value = 'Unbound';
  legal.sectorCommitement.limitationsMA.commercialPresence.value = 'Foreign law firms must partner with a local firm.';
  doc.sectors = [legal];
  return doc;
}

describe('translating offers', () => {
  it('requires authentication', async () => {
    expect((await call(t, 'POST', '/offers/translateOffer?lang=fr', { body: scheduleDocument() })).status).toBe(401);
  });

  it('translates the schedule vocabulary and service titles, and counts what stays as written', async () => {
    const me = await userWithToken(t);
    const res = await call(t, 'POST', '/offers/translateOffer?lang=fr', { token: me.token, body: scheduleDocument() });
    expect(res.status).toBe(200);
    const sector = res.body.payload.sectors[0];
    expect(sector.services[0].title).toBe('Services juridiques');
    expect(sector.sectorCommitement.limitationsMA.crossBorder.value).toBe('Néant');
    expect(sector.sectorCommitement.limitationsMA.consumptionAbroad.value).toBe('Non consolidé');
    expect(sector.sectorCommitement.limitationsMA.presenceOfNaturalPersons.value).toBe('Non consolidé*');
    expect(sector.sectorCommitement.limitationsMA.commercialPresence.value).toBe(
      'Foreign law firms must partner with a local firm.',
    );
    expect(res.body.payload.translation).toMatchObject({ language: 'fr', provider: 'glossary' });
    expect(res.body.payload.translation.untranslated).toBeGreaterThan(0);

    const ar = await call(t, 'POST', '/offers/translateOffer?lang=ar', { token: me.token, body: scheduleDocument() });
    expect(ar.body.payload.sectors[0].sectorCommitement.limitationsMA.crossBorder.value).toBe('لا يوجد');
  });

  it('refuses an unknown language with 400', async () => {
    const me = await userWithToken(t);
    expect(
      (await call(t, 'POST', '/offers/translateOffer?lang=de', { token: me.token, body: scheduleDocument() })).status,
    ).toBe(400);
  });

  it('translates a stored offer or version the user may see, and nothing else', async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const other = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const created = (await call(t, 'POST', '/offers', { token: chief.token, body: scheduleDocument() })).body.payload;
    const parent = await call(t, 'POST', `/offers/translateOfferById?lang=fr&offerId=${created.id}&type=PARENT`, {
      token: chief.token,
    });
    expect(parent.body.payload.sectors[0].services[0].title).toBe('Services juridiques');
    expect(
      (
        await call(t, 'POST', `/offers/translateOfferById?lang=fr&offerId=${created.id}&type=PARENT`, {
          token: other.token,
        })
      ).status,
    ).toBe(404);

    const submitted = (
      await call(t, 'PUT', `/offers/${created.id}`, {
        token: chief.token,
        body: { ...scheduleDocument(), submittedToAU: true, revision: created.revision },
      })
    ).body.payload;
    const versionId = submitted.offerVersions[0].id;
    const version = await call(t, 'POST', `/offers/translateOfferById?lang=ar&offerId=${versionId}&type=VERSION`, {
      token: other.token,
    });
    expect(version.status).toBe(200);
    expect(version.body.payload.versionShown).toBe(1);
    expect(
      (
        await call(t, 'POST', `/offers/translateOfferById?lang=fr&offerId=${created.id}&type=RESPONSE`, {
          token: chief.token,
        })
      ).status,
    ).toBe(404);
  });

  it('translates a counter offer (type RESPONSE, by its id) for the two countries and the secretariat only', async () => {
    const ke = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'TZ' });
    const sn = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'UG' });
    const gh = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const offerId = (
      await call(t, 'POST', '/offers', { token: ke.token, body: { ...scheduleDocument(), submittedToAU: true } })
    ).body.payload.id;
    const answer = scheduleDocument();
    answer.sectors[0].sectorCommitement.limitationsMA.commercialPresence.value = 'None';
    const responseId = (
      await call(t, 'POST', `/response-offer/${offerId}`, {
        token: sn.token,
        body: { counterCountry: 'UG', offer: answer },
      })
    ).body.payload.id;
    for (const who of [ke, sn, staff]) {
      const res = await call(t, 'POST', `/offers/translateOfferById?lang=fr&offerId=${responseId}&type=RESPONSE`, {
        token: who.token,
      });
      expect(res.status).toBe(200);
      expect(res.body.payload.sectors[0].services[0].title).toBe('Services juridiques');
      expect(res.body.payload.sectors[0].sectorCommitement.limitationsMA.commercialPresence.value).toBe('Néant');
    }
    expect(
      (
        await call(t, 'POST', `/offers/translateOfferById?lang=fr&offerId=${responseId}&type=RESPONSE`, {
          token: gh.token,
        })
      ).status,
    ).toBe(404);
  });
});

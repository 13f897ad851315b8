import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_TERMS, blankRow, storedOfferDocumentSchema, type Language } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument, sectorWith } from '../../../test/offer-factory.js';
import { must } from '../../../test/must.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

function scheduleDocument() {
  const doc = buildOfferDocument(0);
  const legal = sectorWith('861', 'Legal Services');
  must(legal.services[0]).key = 'W120:1.A.a';
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

  it('translates fixed terms and service titles only, and counts the free text left as written', async () => {
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
    expect(res.body.payload.translation).toMatchObject({
      language: 'fr',
      provider: 'vocabulary',
      sourceLanguage: 'en',
      machineTranslated: 0,
    });
    expect(res.body.payload.translation.untranslated).toBeGreaterThan(0);

    const ar = await call(t, 'POST', '/offers/translateOffer?lang=ar', { token: me.token, body: scheduleDocument() });
    expect(ar.body.payload.sectors[0].sectorCommitement.limitationsMA.crossBorder.value).toBe('لا يوجد');
  });

  it('translates every term of the schedule vocabulary into fr and ar and back', async () => {
    const me = await userWithToken(t);
    const doc = scheduleDocument();
    doc.geenralCommitement = SCHEDULE_TERMS.map((term) => {
      const row = blankRow('horizontal');
      must(row[0]).value = term.en;
      must(row[1]).value = `<p>${term.en}</p>`;
      return row;
    });
    doc.geenralCommitementCon = [blankRow('mfn')];
    must(doc.geenralCommitementCon[0]?.[2]).value = 'Senegal';
    const cells = (payload: typeof doc) => payload.geenralCommitement.map((row) => [row[0]?.value, row[1]?.value]);
    const mfnCountry = (payload: typeof doc) => payload.geenralCommitementCon[0]?.[2]?.value;
    const firstService = (payload: typeof doc) => payload.sectors[0]?.services[0]?.title;
    const translate = async (body: unknown, lang: Language) => {
      const res = await call(t, 'POST', `/offers/translateOffer?lang=${lang}`, { token: me.token, body });
      expect(res.status).toBe(200);
      const { translation, ...copy } = res.body.payload;
      return { copy: copy as typeof doc, translation };
    };
    for (const lang of ['fr', 'ar'] as const) {
      const there = await translate(doc, lang);
      expect(cells(there.copy)).toEqual(SCHEDULE_TERMS.map((term) => [term[lang], `<p>${term[lang]}</p>`]));
      expect(mfnCountry(there.copy)).toBe(lang === 'fr' ? 'Sénégal' : 'السنغال');
      expect(firstService(there.copy)).toBe(lang === 'fr' ? 'Services juridiques' : 'الخدمات القانونية');
      const back = await translate(there.copy, 'en');
      expect(cells(back.copy)).toEqual(cells(doc));
      expect(mfnCountry(back.copy)).toBe('Senegal');
      expect(firstService(back.copy)).toBe('Legal Services');
    }
  });

  it('leaves a sentence holding a term exactly as written without a provider, and counts it', async () => {
    const me = await userWithToken(t);
    const doc = scheduleDocument();
    const ma = must(doc.sectors[0]).sectorCommitement.limitationsMA;
    ma.crossBorder.value = 'None of the above';
    ma.consumptionAbroad.value = 'Unbound for Non-residents';
    ma.commercialPresence.value = 'لا-tertiary';
    ma.presenceOfNaturalPersons.value = 'Néant, sauf pour les non-résidents';
    for (const lang of ['fr', 'ar', 'en'] as const) {
      const res = await call(t, 'POST', `/offers/translateOffer?lang=${lang}`, { token: me.token, body: doc });
      const out = res.body.payload.sectors[0].sectorCommitement.limitationsMA;
      expect(out.crossBorder.value).toBe('None of the above');
      expect(out.consumptionAbroad.value).toBe('Unbound for Non-residents');
      expect(out.commercialPresence.value).toBe('لا-tertiary');
      expect(out.presenceOfNaturalPersons.value).toBe('Néant, sauf pour les non-résidents');
      expect(res.body.payload.translation.machineTranslated).toBe(0);
      expect(res.body.payload.translation.untranslated).toBeGreaterThanOrEqual(lang === 'en' ? 1 : 2);
    }
  });

  it('returns an offer asked in its own language unchanged', async () => {
    const me = await userWithToken(t);
    const english = buildOfferDocument(3);
    const legal = must(scheduleDocument().sectors[0]);
    english.sectors[0] = legal;
    // Written with other capitals than the classification and the vocabulary: still kept exactly as written.
    const legalService = must(legal.services[0]);
    legalService.title = legalService.title.toLowerCase();
    legal.sectorCommitement.limitationsMA.crossBorder.value = 'none';
    const res = await call(t, 'POST', '/offers/translateOffer?lang=en', { token: me.token, body: english });
    expect(res.status).toBe(200);
    const { translation, ...copy } = res.body.payload;
    expect(copy).toEqual(JSON.parse(JSON.stringify(storedOfferDocumentSchema.parse(english))));
    expect(translation).toMatchObject({ sourceLanguage: 'en', untranslated: 0, machineTranslated: 0 });

    const french = scheduleDocument();
    french.description = '<p>Déclaration liminaire de la liste des engagements de la République.</p>';
    const frenchLegal = must(french.sectors[0]);
    must(frenchLegal.services[0]).title = 'Services juridiques';
    for (const block of [
      frenchLegal.sectorCommitement.limitationsMA,
      frenchLegal.sectorCommitement.limitationsOnNationalTreatment,
    ])
      for (const mode of [
        'crossBorder',
        'consumptionAbroad',
        'commercialPresence',
        'presenceOfNaturalPersons',
      ] as const)
        block[mode].value = block[mode].value.replace(/^Unbound/, 'Non consolidé').replace(/^None$/, 'Néant');
    const ma = frenchLegal.sectorCommitement.limitationsMA;
    ma.commercialPresence.value = "Les cabinets étrangers doivent s'associer à un cabinet local.";
    const [scope, limitation] = must(french.geenralCommitement[0]);
    must(scope).value = '<b>Tous les secteurs inclus dans la présente liste</b>';
    must(limitation).value = "3) L'investissement étranger de plus d'un million USD est soumis à autorisation.";
    const fr = await call(t, 'POST', '/offers/translateOffer?lang=fr', { token: me.token, body: french });
    const { translation: frNote, ...frCopy } = fr.body.payload;
    expect(frCopy).toEqual(JSON.parse(JSON.stringify(storedOfferDocumentSchema.parse(french))));
    expect(frNote).toMatchObject({ sourceLanguage: 'fr', untranslated: 0 });
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

    await call(t, 'PUT', `/offers/${created.id}`, {
      token: chief.token,
      body: { ...scheduleDocument(), submittedToAU: true, revision: created.revision },
    });
    const submitted = (await call(t, 'GET', `/offers/${created.id}`, { token: chief.token })).body.payload;
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
    must(answer.sectors[0]).sectorCommitement.limitationsMA.commercialPresence.value = 'None';
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

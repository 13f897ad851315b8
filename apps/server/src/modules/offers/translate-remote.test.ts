import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument } from '../../../test/offer-factory.js';
import { must } from '../../../test/must.js';
import { MAX_REMOTE_TEXTS } from './translate.js';

/** Offer translation through a remote translator (TRANSLATE_URL): a local server speaking the LibreTranslate API. */
const HOSTILE = '<img src=x onerror=alert(1)>';
let server: http.Server;
let requests = 0;
let t: TestApp;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests++;
      const { q } = JSON.parse(body) as { q: string | string[] };
      // A compromised or careless translator: markup with a script handler around the translation.
      const one = (text: string) => `<p>FR ${text}</p>${HOSTILE}<script>alert(2)</script>`;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ translatedText: Array.isArray(q) ? q.map(one) : one(q) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t = await startTestApp({ TRANSLATE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('translation through TRANSLATE_URL', () => {
  it("sanitizes the translator's rich text output like a saved document", async () => {
    const me = await userWithToken(t);
    const res = await call(t, 'POST', '/offers/translateOffer?lang=fr', {
      token: me.token,
      body: buildOfferDocument(1),
    });
    expect(res.status).toBe(200);
    const doc = res.body.payload;
    expect(res.body.payload.translation).toMatchObject({ language: 'fr', provider: 'libretranslate', overLimit: 0 });
    expect(res.body.payload.translation.machineTranslated).toBeGreaterThan(0);
    expect(doc.description).toContain('FR ');
    const richText = [
      doc.description,
      doc.descriptionCon,
      ...doc.geenralCommitement.flat().map((c: { value: string }) => c.value),
    ];
    for (const html of richText) {
      expect(html).not.toMatch(/onerror|<img|<script/i);
    }
    expect(doc.geenralCommitement[0][0].value).toContain('<p>FR ');
  });

  it(`sends at most ${MAX_REMOTE_TEXTS} distinct texts per request and leaves the rest as written, counted`, async () => {
    const me = await userWithToken(t);
    const doc = buildOfferDocument(130);
    let n = 0;
    for (const sector of doc.sectors) {
      for (const block of [
        sector.sectorCommitement.limitationsMA,
        sector.sectorCommitement.limitationsOnNationalTreatment,
      ]) {
        for (const mode of [
          'crossBorder',
          'consumptionAbroad',
          'commercialPresence',
          'presenceOfNaturalPersons',
        ] as const) {
          block[mode].value = `Limitation text ${++n}`;
          block[mode].comment = `Comment text ${++n}`;
        }
      }
    }
    expect(n).toBeGreaterThan(MAX_REMOTE_TEXTS);
    requests = 0;
    const res = await call(t, 'POST', '/offers/translateOffer?lang=fr', { token: me.token, body: doc });
    expect(res.status).toBe(200);
    // In batches of 50: a few dozen calls for 2,000 texts, not 2,000.
    expect(requests).toBe(Math.ceil(MAX_REMOTE_TEXTS / 50));
    const note = res.body.payload.translation;
    expect(note.overLimit).toBeGreaterThan(0);
    expect(note.untranslated).toBeGreaterThanOrEqual(note.overLimit);
    const last =
      res.body.payload.sectors.at(-1).sectorCommitement.limitationsOnNationalTreatment.presenceOfNaturalPersons;
    expect(last.comment).toBe(`Comment text ${n}`);
  });

  it('sends a sentence holding a fixed term whole, marks it machine-translated, and keeps whole terms to the vocabulary', async () => {
    const me = await userWithToken(t);
    const doc = buildOfferDocument(1);
    const ma = must(doc.sectors[0]).sectorCommitement.limitationsMA;
    ma.crossBorder.value = 'None of the above';
    ma.consumptionAbroad.value = 'Unbound';
    requests = 0;
    const res = await call(t, 'POST', '/offers/translateOffer?lang=fr', { token: me.token, body: doc });
    const out = res.body.payload.sectors[0].sectorCommitement.limitationsMA;
    expect(out.crossBorder.value).toContain('FR None of the above');
    expect(out.crossBorder.value).not.toContain('Néant');
    expect(out.consumptionAbroad.value).toBe('Non consolidé');
    expect(res.body.payload.translation).toMatchObject({ provider: 'libretranslate', untranslated: 0 });
    expect(res.body.payload.translation.machineTranslated).toBeGreaterThanOrEqual(1);
    expect(requests).toBe(1);
  });

  it('sends nothing to the provider for an offer asked in its own language, and returns it unchanged', async () => {
    const me = await userWithToken(t);
    const doc = buildOfferDocument(2);
    requests = 0;
    const res = await call(t, 'POST', '/offers/translateOffer?lang=en', { token: me.token, body: doc });
    expect(requests).toBe(0);
    const { translation, ...copy } = res.body.payload;
    expect(copy.description).toBe(doc.description);
    expect(copy.geenralCommitement).toEqual(doc.geenralCommitement);
    expect(translation).toMatchObject({ provider: 'vocabulary', machineTranslated: 0, untranslated: 0 });
  });
});

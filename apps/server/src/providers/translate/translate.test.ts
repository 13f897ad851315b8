import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { GlossaryTranslator, LibreTranslator, createTranslator } from './index.js';

/** The translator only warns; a silent stand-in is enough here. */
const log = { warn() {} } as unknown as FastifyBaseLogger;

describe('glossary translator', () => {
  const glossary = new GlossaryTranslator();
  it('replaces whole schedule terms, longest first, from any language', async () => {
    expect(await glossary.translate('Limitations on market access: None', 'fr')).toEqual({
      text: "Limitations concernant l'accès aux marchés: Néant",
      translated: true,
      provider: 'glossary',
    });
    expect((await glossary.translate('Unbound* (mode 1)', 'ar')).text).toBe('غير ملزم* (mode 1)');
    expect((await glossary.translate('Non consolidé', 'en')).text).toBe('Unbound');
  });
  it('does not touch parts of words, and says when it translated nothing', async () => {
    expect(await glossary.translate('Nonetheless, notable', 'fr')).toEqual({
      text: 'Nonetheless, notable',
      translated: false,
      provider: 'glossary',
    });
  });
});

describe('LibreTranslate provider', () => {
  let server: http.Server;
  let url: string;
  const requests: unknown[] = [];
  let fail = false;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const parsed = JSON.parse(body) as { q: string | string[] };
        requests.push({ path: req.url, body: parsed });
        if (fail) return res.writeHead(500).end();
        const translatedText = Array.isArray(parsed.q) ? parsed.q.map((q) => `fr:${q}`) : 'Bonjour à tous';
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translatedText }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('is chosen by TRANSLATE_URL and sends the text to /translate', async () => {
    const translator = createTranslator({ translateUrl: url, log });
    expect(translator).toBeInstanceOf(LibreTranslator);
    expect(await translator.translate('Hello everyone', 'fr')).toEqual({
      text: 'Bonjour à tous',
      translated: true,
      provider: 'libretranslate',
    });
    expect(requests.at(-1)).toEqual({
      path: '/translate',
      body: { q: 'Hello everyone', source: 'auto', target: 'fr', format: 'text' },
    });
  });

  it('sends many texts in batches of 50 and answers them in order', async () => {
    fail = false;
    const texts = Array.from({ length: 120 }, (_, i) => `Text ${i}`);
    const before = requests.length;
    const results = await createTranslator({ translateUrl: url, log }).translateMany(texts, 'fr');
    expect(requests.length - before).toBe(3);
    expect(results.map((r) => r.text)).toEqual(texts.map((t) => `fr:${t}`));
    expect(results.every((r) => r.provider === 'libretranslate' && r.translated)).toBe(true);
  });

  it('falls back to the glossary when the service fails', async () => {
    fail = true;
    expect(await createTranslator({ translateUrl: url, log }).translate('National treatment: None', 'fr')).toEqual({
      text: 'Traitement national: Néant',
      translated: true,
      provider: 'glossary',
    });
  });

  it('after a failure rests the service: the next texts go to the glossary without another call', async () => {
    fail = true;
    const translator = createTranslator({ translateUrl: url, log });
    const before = requests.length;
    for (const text of ['Mode 1: None', 'Mode 2: Unbound', 'Mode 3: None', 'Mode 4: Unbound']) {
      expect((await translator.translate(text, 'fr')).provider).toBe('glossary');
    }
    expect(requests.length - before).toBe(1);
  });
});

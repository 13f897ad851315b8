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
    expect(await glossary.translate('Nonetheless, notable', 'fr')).toEqual({ text: 'Nonetheless, notable', translated: false, provider: 'glossary' });
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
        requests.push({ path: req.url, body: JSON.parse(body) });
        if (fail) return res.writeHead(500).end();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translatedText: 'Bonjour à tous' }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('is chosen by TRANSLATE_URL and sends the text to /translate', async () => {
    const translator = createTranslator({ translateUrl: url, log });
    expect(translator).toBeInstanceOf(LibreTranslator);
    expect(await translator.translate('Hello everyone', 'fr')).toEqual({ text: 'Bonjour à tous', translated: true, provider: 'libretranslate' });
    expect(requests.at(-1)).toEqual({ path: '/translate', body: { q: 'Hello everyone', source: 'auto', target: 'fr', format: 'text' } });
  });

  it('falls back to the glossary when the service fails', async () => {
    fail = true;
    expect(await createTranslator({ translateUrl: url, log }).translate('National treatment: None', 'fr')).toEqual({
      text: 'Traitement national: Néant',
      translated: true,
      provider: 'glossary',
    });
  });
});

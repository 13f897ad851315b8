import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { LibreTranslator, createTranslator, type Translator } from './index.js';

/** The translator only warns; a silent stand-in is enough here. */
const log = { warn() {} } as unknown as FastifyBaseLogger;

describe('choosing the translator', () => {
  it('has none without TRANSLATE_URL: no embedded word-by-word substitute', () => {
    expect(createTranslator({ log })).toBeNull();
    expect(createTranslator({ translateUrl: '', log })).toBeNull();
  });
});

describe('LibreTranslate provider', () => {
  let server: http.Server;
  let url: string;
  const requests: unknown[] = [];
  let fail = false;
  const libre = (): Translator => createTranslator({ translateUrl: url, log })!;
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

  it('is chosen by TRANSLATE_URL and sends the whole text to /translate', async () => {
    const translator = libre();
    expect(translator).toBeInstanceOf(LibreTranslator);
    expect(await translator.translate('Hello everyone', 'fr')).toEqual({
      text: 'Bonjour à tous',
      translated: true,
      failed: false,
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
    const results = await libre().translateMany(texts, 'fr');
    expect(requests.length - before).toBe(3);
    expect(results.map((r) => r.text)).toEqual(texts.map((t) => `fr:${t}`));
    expect(results.every((r) => r.translated && !r.failed)).toBe(true);
  });

  it('leaves the text exactly as written when the service fails (no word replaced)', async () => {
    fail = true;
    expect(await libre().translate('National treatment: None', 'fr')).toEqual({
      text: 'National treatment: None',
      translated: false,
      failed: true,
    });
  });

  it('after a failure rests the service: the next texts stay as written without another call', async () => {
    fail = true;
    const translator = libre();
    const before = requests.length;
    for (const text of ['Mode 1: None', 'Mode 2: Unbound', 'Mode 3: None', 'Mode 4: Unbound']) {
      expect(await translator.translate(text, 'fr')).toEqual({ text, translated: false, failed: true });
    }
    expect(requests.length - before).toBe(1);
  });
});

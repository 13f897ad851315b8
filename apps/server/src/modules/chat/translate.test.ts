import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';

/** GET /chats/message/translate: a message is translated whole, or not passed off as translated. */
const translate = (t: TestApp, token: string, message: string, lang: string) =>
  call(t, 'GET', `/chats/message/translate?message=${encodeURIComponent(message)}&lang=${lang}`, { token });

describe('GET /chats/message/translate without a machine translation service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('requires authentication', async () => {
    expect((await call(t, 'GET', '/chats/message/translate?message=None&lang=fr')).status).toBe(401);
  });

  it('says that no machine translation is configured instead of replacing a few words', async () => {
    const me = await userWithToken(t);
    const res = await translate(t, me.token, 'Market access: Unbound* for mode 1', 'fr');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'TRANSLATION_NOT_CONFIGURED',
      message: CHAT_MESSAGES.translationNotConfigured,
    });
    expect(JSON.stringify(res.body)).not.toContain('Non consolidé');
  });

  it('translates a message that IS a fixed term, into every language and back', async () => {
    const me = await userWithToken(t);
    const fr = await translate(t, me.token, 'Unbound*', 'fr');
    expect(fr.status).toBe(200);
    expect(fr.body.payload).toEqual({
      message: 'Non consolidé*',
      lang: 'fr',
      translated: true,
      provider: 'vocabulary',
      machine: false,
      sameLanguage: false,
    });
    expect((await translate(t, me.token, 'Non consolidé*', 'ar')).body.payload.message).toBe('غير ملزم*');
    expect((await translate(t, me.token, 'غير ملزم*', 'en')).body.payload.message).toBe('Unbound*');
    // A fixed term asked in its own language is not passed off as translated.
    expect((await translate(t, me.token, 'None', 'en')).body.payload).toMatchObject({
      message: 'None',
      translated: false,
    });
  });

  it('returns a message already in the asked language as written', async () => {
    const me = await userWithToken(t);
    const res = await translate(t, me.token, 'We accept the request of the delegation for mode 3.', 'en');
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({
      message: 'We accept the request of the delegation for mode 3.',
      translated: false,
      sameLanguage: true,
      machine: false,
    });
  });

  it('refuses an unknown language with 400', async () => {
    const me = await userWithToken(t);
    expect((await translate(t, me.token, 'x', 'de')).status).toBe(400);
  });
});

describe('GET /chats/message/translate with LibreTranslate (TRANSLATE_URL)', () => {
  let server: http.Server;
  let fail = false;
  let t: TestApp;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (fail) return res.writeHead(500).end();
        const { q, target } = JSON.parse(body) as { q: string | string[]; target: string };
        const one = (text: string) => `[${target}] ${text}`;
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

  it('translates the whole message by machine and says so', async () => {
    const me = await userWithToken(t);
    const res = await translate(t, me.token, 'Market access: Unbound* for mode 1', 'fr');
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual({
      message: '[fr] Market access: Unbound* for mode 1',
      lang: 'fr',
      translated: true,
      provider: 'libretranslate',
      machine: true,
      sameLanguage: false,
    });
  });

  it('answers 503 with Retry-After when the service fails, never a substituted text', async () => {
    const me = await userWithToken(t);
    fail = true;
    try {
      const res = await translate(t, me.token, 'Market access: None for mode 2', 'ar');
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('UNAVAILABLE');
      expect(res.headers.get('retry-after')).toBe('30');
    } finally {
      fail = false;
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@portal/shared';
import { startTestApp, type TestApp } from '../test/harness.js';
import { call } from '../test/http.js';
import { userWithToken } from '../test/factories.js';

let t: TestApp;
let user: Awaited<ReturnType<typeof userWithToken>>;
let staff: Awaited<ReturnType<typeof userWithToken>>;
beforeAll(async () => {
  t = await startTestApp();
  user = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
  staff = await userWithToken(t, { role: 'ADMIN' });
});
afterAll(() => t.close());

async function raw(method: string, path: string, body: string, headers: Record<string, string>) {
  const res = await fetch(`${t.api}${path}`, {
    method,
    headers: { authorization: `Bearer ${user.token}`, ...headers },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as { message: string; code: string } };
}

describe('hostile input is refused with a 400 and changes nothing', () => {
  it('a NUL character in a JSON string', async () => {
    const before = await call(t, 'GET', '/profile/current', { token: user.token });
    const res = await call(t, 'PUT', '/profile', {
      token: user.token,
      body: { firstName: 'Ama\u0000ni', lastName: 'Mwangi', email: user.email },
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'MALFORMED_INPUT' } });
    expect(res.body.message).toBe(ERROR_CATALOGUE.MALFORMED_INPUT.message);
    const after = await call(t, 'GET', '/profile/current', { token: user.token });
    expect(after.body.payload.firstName).toBe(before.body.payload.firstName);
  });

  it('a lone surrogate in a JSON string, and in a key', async () => {
    const value = await raw('PUT', '/profile', '{"firstName":"x\\ud800y"}', { 'content-type': 'application/json' });
    expect(value).toMatchObject({ status: 400, body: { code: 'MALFORMED_INPUT' } });
    const key = await raw('PUT', '/profile', '{"\\udc00":"x"}', { 'content-type': 'application/json' });
    expect(key).toMatchObject({ status: 400, body: { code: 'MALFORMED_INPUT' } });
  });

  it('a paired surrogate (an emoji) is still accepted', async () => {
    const res = await call(t, 'PUT', '/profile', {
      token: user.token,
      body: { firstName: 'Amani', lastName: 'Mwangi 🌍', email: user.email },
    });
    expect(res.status).toBe(200);
    expect(res.body.payload.lastName).toBe('Mwangi 🌍');
  });

  it('a NUL character in a search or query parameter', async () => {
    const search = await call(t, 'GET', '/profile/approved?search=a%00b', { token: user.token });
    expect(search).toMatchObject({ status: 400, body: { code: 'MALFORMED_INPUT' } });
    const path = await call(t, 'GET', '/file/aws/download/a%00b', { token: user.token });
    expect(path).toMatchObject({ status: 400, body: { code: 'MALFORMED_INPUT' } });
  });

  it('JSON nested 5,000 deep on translation', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const res = await raw('POST', '/offers/translateOffer?lang=fr', `{"sectors":${deep}}`, {
      'content-type': 'application/json',
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'INPUT_TOO_DEEP' } });
    expect(res.body.message).toMatch(/nested/);
  });

  it('an upload part without a file name', async () => {
    const boundary = 'xBOUNDARYx';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename=""\r\n` +
      `Content-Type: application/pdf\r\n\r\n%PDF-1.4 hello\r\n--${boundary}--\r\n`;
    const res = await raw('POST', '/file', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.message).toMatch(/file name/);
  });

  it('a broken multipart body on the GATS import', async () => {
    const boundary = 'xBOUNDARYx';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="g.csv"\r\n\r\nA,B\r\n1,2`;
    const res = await fetch(`${t.api}/gats/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION' });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { basic, call } from '../test/http.js';
import { loadConfig } from './config.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Three failed sign-ins, each claiming another client address; the third is past a limit of two per address. */
async function signInsFromForgedAddresses(app: TestApp): Promise<number[]> {
  const statuses: number[] = [];
  for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
    const res = await fetch(`${app.api}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(),
        'x-forwarded-for': ip,
      },
      body: new URLSearchParams({ grant_type: 'password', username: 'nobody@portal.test', password: 'wrong' }),
    });
    statuses.push(res.status);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  it('is off by default: a forged X-Forwarded-For does not escape the rate limit', async () => {
    t = await startTestApp({ RATE_LIMIT_TOKEN_PER_MINUTE: '2' });
    const statuses = await signInsFromForgedAddresses(t);
    expect(statuses[2]).toBe(429);
  });

  it('believes X-Forwarded-For from a trusted proxy address', async () => {
    t = await startTestApp({ RATE_LIMIT_TOKEN_PER_MINUTE: '2', TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
    const statuses = await signInsFromForgedAddresses(t);
    expect(statuses).not.toContain(429);
  });

  it('believes one hop when TRUST_PROXY is a hop count', async () => {
    t = await startTestApp({ RATE_LIMIT_TOKEN_PER_MINUTE: '2', TRUST_PROXY: '1' });
    const statuses = await signInsFromForgedAddresses(t);
    expect(statuses).not.toContain(429);
  });

  it('reads a hop count, addresses and CIDRs, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,192.168.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe('security policy over http and https', () => {
  it('over plain HTTP, neither upgrades requests nor sends HSTS (a portal opened by IP works)', async () => {
    t = await startTestApp({ PUBLIC_URL: 'http://192.0.2.10:8080' });
    const res = await call(t, 'GET', '/countries');
    expect(res.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('over https, upgrades requests and sends HSTS', async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://portal.example.org' });
    const res = await call(t, 'GET', '/countries');
    expect(res.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});

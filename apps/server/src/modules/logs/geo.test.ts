import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { basic, call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { geolocate } from './geo.js';

describe('geolocate (bundled IP-to-country database)', () => {
  it('names the country of public addresses, IPv4 and IPv6', () => {
    expect(geolocate('41.90.1.1')).toBe('KE'); // Safaricom, Nairobi
    expect(geolocate('196.1.95.1')).toBe('SN'); // Université Cheikh Anta Diop, Dakar
    expect(geolocate('8.8.8.8')).toBe('US');
    expect(geolocate('::ffff:41.90.1.1')).toBe('KE');
    expect(geolocate('2001:4860:4860::8888')).toBe('US');
  });

  it('calls loopback, private, link-local and shared addresses the local network', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '172.31.255.1',
      '192.168.1.20',
      '169.254.3.4',
      '100.64.0.1',
    ])
      expect(geolocate(ip), ip).toBe('local');
    for (const ip of ['::1', 'fd12:3456::1', 'fe80::1', '::ffff:192.168.0.5']) expect(geolocate(ip), ip).toBe('local');
    expect(geolocate('172.32.0.1')).not.toBe('local');
  });

  it('answers null for what is not an address or not in the database', () => {
    expect(geolocate('')).toBeNull();
    expect(geolocate(null)).toBeNull();
    expect(geolocate('not-an-ip')).toBeNull();
    expect(geolocate('192.0.2.1')).toBeNull(); // documentation range, assigned to no country
  });
});

describe('the audit log behind a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it('records the country of the address the trusted proxy reports', async () => {
    const email = `visitor.${Date.now()}@portal.test`;
    const attempt = await call(t, 'POST', '/oauth/token', {
      body: new URLSearchParams({ grant_type: 'mfa', username: email, password: 'wrong' }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(),
        'x-forwarded-for': '196.1.95.1',
      },
    });
    expect(attempt.status).toBe(400);
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const logs = await call(t, 'GET', `/account-ms/logs/geo?user=${encodeURIComponent(email)}`, { token: staff.token });
    expect(logs.body.payload.items).toMatchObject([
      { action: 'LOGIN_FAILED', logUser: email, ip: '196.1.95.1', geolocation: 'SN' },
    ]);
  });
});

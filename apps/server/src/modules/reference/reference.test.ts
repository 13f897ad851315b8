import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_DEFAULT_COLOURS } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ IDLE_TIMEOUT_MS: '4000', IDLE_COUNTDOWN_SECONDS: '3' });
});
afterAll(() => t.close());

describe('reference data', () => {
  it('lists the 55 member states with ISO codes and names in three languages', async () => {
    const res = await call(t, 'GET', '/countries');
    expect(res.status).toBe(200);
    const list = res.body.payload as { code: string; name: string; nameFr: string; nameAr: string }[];
    expect(list).toHaveLength(55);
    expect(new Set(list.map((c) => c.code)).size).toBe(55);
    expect(list).toContainEqual(
      expect.objectContaining({ code: 'KE', name: 'Kenya', nameFr: 'Kenya', nameAr: 'كينيا' }),
    );
    expect(list).toContainEqual(expect.objectContaining({ code: 'SN', nameFr: 'Sénégal' }));
    // ISO 3166 has only "Western Sahara"; the bloc's member is the Sahrawi Republic.
    expect(list).toContainEqual(expect.objectContaining({ code: 'EH', name: 'Sahrawi Arab Democratic Republic' }));
    expect(list.map((c) => c.code)).not.toContain('RE');
  });

  it('lists the five regions, each holding its members', async () => {
    const regions = (await call(t, 'GET', '/regions')).body.payload as {
      id: number;
      code: string;
      regionTitle: string;
    }[];
    expect(regions.map((r) => r.code).sort()).toEqual(['CENTRAL', 'EAST', 'NORTH', 'SOUTH', 'WEST']);
    const countries = (await call(t, 'GET', '/countries')).body.payload as { code: string; regionId: number }[];
    const east = regions.find((r) => r.code === 'EAST')!;
    expect(countries.find((c) => c.code === 'KE')!.regionId).toBe(east.id);
    expect(countries.every((c) => regions.some((r) => r.id === c.regionId))).toBe(true);
  });

  it("answers the home settings with the spec's default colours", async () => {
    const res = await call(t, 'GET', '/home');
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ regionTitle: 'African Union', logo: null, ...HOME_DEFAULT_COLOURS });
    expect(HOME_DEFAULT_COLOURS).toEqual({
      buttonBackColor: '#599cff',
      buttonColor: '#ffffff',
      mainTextColor: '#000000',
      secondaryTextColor: '#599cff',
      underline: '#ff9800',
      linkColor: '#599cff',
    });
  });

  it('gives the web app its idle timeout from the configuration', async () => {
    expect((await call(t, 'GET', '/client-config')).body.payload).toEqual({
      idleTimeoutMs: 4000,
      idleCountdownSeconds: 3,
      regionName: 'African Union',
      machineTranslation: false,
    });
  });
});

describe('the HTTP surface', () => {
  it('serves an OpenAPI document generated from the routes', async () => {
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const res = await call(t, 'GET', '/docs/json', { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(res.body.servers).toEqual([{ url: '/api' }]);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/oauth/token', '/profile/current', '/countries']),
    );
  });

  it('answers unknown API paths with a JSON 404', async () => {
    expect(await call(t, 'GET', '/no-such-thing')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('refuses a body over the limit with 413 and no stack trace', async () => {
    const res = await call(t, 'POST', '/oauth/token', { body: JSON.stringify({ x: 'y'.repeat(2 * 1024 * 1024) }) });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(JSON.stringify(res.body)).not.toMatch(/node_modules|\.ts:\d+/);
  });

  it('sends security headers', async () => {
    const res = await call(t, 'GET', '/home');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    // Chat video previews play from the page's own blob: URLs, and media from nowhere else.
    expect(csp).toContain("media-src 'self' blob:");
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { call, upload } from '../../test/http.js';
import { userWithToken } from '../../test/factories.js';
import { countryOffer } from '../../test/offer-factory.js';
import { SAMPLE_FILES } from '../modules/files/samples.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('what a browser or a proxy may keep', () => {
  it('keeps no signed-in JSON answer, refusals included', async () => {
    const me = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    for (const path of ['/profile/current', '/notifications?page=0', '/countries', '/users']) {
      const res = await call(t, 'GET', path, { token: me.token });
      expect(res.headers.get('cache-control'), `${path} ${res.status}`).toBe('no-store');
    }
  });

  it("keeps an offer's revalidation (ETag, private, no-cache) as it was", async () => {
    const offer = await countryOffer(t, 'SN');
    const res = await call(t, 'GET', `/offers/${offer.id}`, { token: offer.focal.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeTruthy();
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('downloads a file with private, no-store: it does not outlive the session on a shared computer', async () => {
    const me = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const { body } = await upload(t, me.token, 'schedule.pdf', SAMPLE_FILES['schedule.pdf']!);
    const res = await fetch(`${t.api}/file/aws/download/${body.payload.fileKey}`, {
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('leaves public answers to visitors as they were', async () => {
    const res = await call(t, 'GET', '/countries');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });
});

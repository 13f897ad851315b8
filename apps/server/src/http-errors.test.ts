import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@portal/shared';
import { startTestApp, type TestApp } from '../test/harness.js';
import { call } from '../test/http.js';
import { userWithToken } from '../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('refusal envelope', () => {
  it("carries a schema's message exactly as the spec words it, and the field apart", async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const res = await call(t, 'POST', '/profile/invite', {
      token: chief.token,
      body: [
        { titlePrefix: 'Ms', firstName: 'Njeri', lastName: 'Mwangi', userRole: 'SERVICE_FOCAL_POINT', email: 'nope' },
      ],
    });
    expect(res).toMatchObject({
      status: 400,
      body: { message: PROFILE_MESSAGES.invalidInviteEmail, code: 'VALIDATION', field: '0.email' },
    });
  });

  it('has no field when the body as a whole is wrong, and never a stack trace', async () => {
    const user = await userWithToken(t);
    const res = await fetch(`${t.api}/profile`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: '{"firstName":',
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.field).toBeUndefined();
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(js|ts):\d+/);
  });
});

describe('a wrong method on a known path', () => {
  it('is a 405 naming the methods the path answers; an unknown path stays a 404', async () => {
    const user = await userWithToken(t);
    const wrong = await call(t, 'DELETE', '/offers', { token: user.token });
    expect(wrong).toMatchObject({ status: 405, body: { code: 'METHOD_NOT_ALLOWED' } });
    expect(wrong.body.message).toEqual(expect.any(String));
    expect(wrong.headers.get('allow')).toBe('GET, HEAD, POST');
    // A path with a parameter, and without a token: the path exists whoever asks.
    const anonymous = await call(t, 'PATCH', '/offers/12');
    expect(anonymous).toMatchObject({ status: 405, body: { code: 'METHOD_NOT_ALLOWED' } });
    expect(anonymous.headers.get('allow')).toBe('GET, HEAD, PUT');
    expect(await call(t, 'DELETE', '/no-such-path')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await call(t, 'GET', '/offers/12/no-such-part')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import { AuthorizationCode } from 'simple-oauth2';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { basic, call, tokenRequest } from '../../../test/http.js';
import { ageRotation, buildUser, signIn } from '../../../test/factories.js';
import { basicClientCredentials } from './oauth-errors.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const CLIENT = { id: 'portal-web', secret: 'portal-web-secret' };

/** The portal as openid-client 6 sees it: its token endpoint, over plain HTTP in the test. */
function openidConfiguration(secret = CLIENT.secret, auth = oidc.ClientSecretBasic(secret)) {
  const origin = new URL(t.api).origin;
  const config = new oidc.Configuration(
    { issuer: origin, token_endpoint: `${t.api}/oauth/token` },
    CLIENT.id,
    { client_secret: secret },
    auth,
  );
  oidc.allowInsecureRequests(config);
  return config;
}

/** simple-oauth2 5 on the same endpoint: the refresh of a token it did not fetch itself. */
function simpleOauth2(secret = CLIENT.secret) {
  const origin = new URL(t.api).origin;
  return new AuthorizationCode({
    client: { id: CLIENT.id, secret },
    auth: { tokenHost: origin, tokenPath: '/api/oauth/token' },
    options: { authorizationMethod: 'header' },
  });
}

async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (e) {
    return e as { error?: string; status?: number; response?: Response; cause?: unknown; output?: unknown };
  }
  throw new Error('the call was not refused');
}

describe('the token endpoint speaks RFC 6749 to third-party clients', () => {
  it('openid-client 6 refreshes with client_secret_basic (form-encoded credentials), then a later reuse is invalid_grant', async () => {
    const tokens = await signIn(t, await buildUser(t));
    const config = openidConfiguration();
    const renewed = await oidc.refreshTokenGrant(config, tokens.refresh_token);
    expect(renewed.token_type.toLowerCase()).toBe('bearer');
    expect(renewed.expires_in).toBeGreaterThan(0);
    expect((await call(t, 'GET', '/profile/current', { token: renewed.access_token })).status).toBe(200);

    await ageRotation(t, tokens.refresh_token);
    const reused = await refusalOf(oidc.refreshTokenGrant(config, tokens.refresh_token));
    expect(reused).toBeInstanceOf(oidc.ResponseBodyError);
    expect(reused).toMatchObject({ error: 'invalid_grant', status: 400 });
  });

  it('openid-client 6 refreshes with its default client_secret_post too', async () => {
    const tokens = await signIn(t, await buildUser(t));
    const renewed = await oidc.refreshTokenGrant(
      openidConfiguration(CLIENT.secret, oidc.ClientSecretPost(CLIENT.secret)),
      tokens.refresh_token,
    );
    expect(renewed.access_token).toEqual(expect.any(String));
  });

  it('openid-client 6 reads a wrong client secret as invalid_client with its challenge', async () => {
    const tokens = await signIn(t, await buildUser(t));
    const refused = await refusalOf(oidc.refreshTokenGrant(openidConfiguration('wrong-secret'), tokens.refresh_token));
    // oauth4webapi hands a 401 with WWW-Authenticate over as the challenge it read.
    expect(refused).toBeInstanceOf(oidc.WWWAuthenticateChallengeError);
    expect(refused).toMatchObject({ status: 401 });
    expect(refused.response?.headers.get('www-authenticate')).toMatch(/^Basic realm="[^"]+"$/);
    // The token still works: a refused client changes nothing.
    expect((await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).status).toBe(
      200,
    );
  });

  it('simple-oauth2 5 refreshes a token, and one reused later is refused with invalid_grant', async () => {
    const tokens = await signIn(t, await buildUser(t));
    const client = simpleOauth2();
    const stored = client.createToken({ ...tokens });
    const renewed = await stored.refresh();
    expect(renewed.token).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
    await ageRotation(t, tokens.refresh_token);
    const reused = (await refusalOf(stored.refresh())) as {
      output?: { statusCode: number };
      data?: { payload?: unknown };
    };
    expect(reused.output?.statusCode).toBe(400);
    expect(reused.data?.payload).toMatchObject({ error: 'invalid_grant', code: 'UNAUTHORIZED' });
  });
});

describe('token endpoint answers', () => {
  it('carries error and error_description beside the portal code, with the RFC statuses', async () => {
    const user = await buildUser(t);
    const wrong = await tokenRequest(t, { grant_type: 'mfa', username: user.email, password: 'Wrong#2026pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'invalid_grant', code: 'BAD_CREDENTIALS' });
    expect(wrong.body.error_description).toBe(wrong.body.message);

    expect(await tokenRequest(t, { grant_type: 'password', username: user.email })).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type', code: 'UNSUPPORTED_GRANT_TYPE' },
    });
    expect(await tokenRequest(t, { username: user.email })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', code: 'VALIDATION' },
    });
    expect(await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: 'not-a-token' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', code: 'UNAUTHORIZED' },
    });
  });

  it('refuses a bad client with 401, invalid_client and WWW-Authenticate, whatever the grant', async () => {
    for (const auth of [null, basic('portal-web', 'nope'), 'Basic !!!', 'Bearer x', basic('portal%ZZweb', 'x')]) {
      const res = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: 'x' }, auth);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'invalid_client', code: 'INVALID_CLIENT' });
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm="/);
    }
    // Credentials both in the header and in the body: one method per request.
    const both = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: 'x',
      ...{ client_id: 'portal-web' },
    });
    expect(both).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it('is never kept by a cache, refused or not', async () => {
    const user = await buildUser(t);
    const answers = [
      await tokenRequest(t, { grant_type: 'mfa', username: user.email, password: user.password }),
      await tokenRequest(t, { grant_type: 'mfa', username: user.email, password: 'Wrong#2026pass' }),
      await tokenRequest(t, { grant_type: 'mfa' }, null),
      await call(t, 'POST', '/oauth/token', { body: { grant_type: 'mfa' }, headers: { authorization: basic() } }),
    ];
    for (const res of answers) {
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('pragma')).toBe('no-cache');
      if (res.status !== 200) expect(res.body.error).toEqual(expect.any(String));
    }
  });

  it('reads form-encoded client credentials (RFC 6749 section 2.3.1)', () => {
    const encoded = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    expect(basicClientCredentials(encoded('portal%2Dweb', 'a+b%3Ac'))).toEqual({ id: 'portal-web', secret: 'a b:c' });
    expect(basicClientCredentials(encoded('portal-web', 'x:y'))).toEqual({ id: 'portal-web', secret: 'x:y' });
    expect(basicClientCredentials(encoded('bad%E0', 'x'))).toBeNull();
    expect(basicClientCredentials('Basic')).toBeNull();
    expect(basicClientCredentials(undefined)).toBeNull();
  });
});

describe('/.well-known/', () => {
  it('publishes nothing: 404 JSON, not the web app', async () => {
    const origin = new URL(t.api).origin;
    for (const path of ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server']) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

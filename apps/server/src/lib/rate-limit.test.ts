import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { basic, call } from '../../test/http.js';

// Two instances behind one proxy (TRUST_PROXY=1) sharing the machine's Redis, as the operator runs them.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 4;

describe('rate limits with REDIS_URL: one count for all instances', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl, TRUST_PROXY: '1', RATE_LIMIT_TOKEN_PER_MINUTE: String(LIMIT) };
    [a, b] = await Promise.all([startTestApp(env), startTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  /** A sign-in attempt from a client address (as the proxy reports it), a fresh one per test run. */
  const signIn = (t: TestApp, client: string) =>
    call(t, 'POST', '/oauth/token', {
      body: new URLSearchParams({ grant_type: 'mfa', username: 'nobody@portal.test', password: 'wrong' }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(),
        'x-forwarded-for': client,
      },
    });
  const randomClient = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

  it('refuses the request over the limit whichever instance the earlier ones reached', async () => {
    const client = randomClient();
    const statuses = [];
    // 2 on A and 2 on B: the limit of 4 is reached although each instance saw only 2.
    for (const t of [a, b, a, b]) statuses.push((await signIn(t, client)).status);
    expect(statuses).toEqual([400, 400, 400, 400]);
    for (const t of [a, b]) {
      const over = await signIn(t, client);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ error: 'temporarily_unavailable', code: 'RATE_LIMITED' });
    }
  });

  it('counts each client address on its own', async () => {
    const busy = randomClient();
    for (let i = 0; i < LIMIT; i++) await signIn(i % 2 ? a : b, busy);
    expect((await signIn(a, busy)).status).toBe(429);
    expect((await signIn(b, randomClient())).status).toBe(400);
  });
});

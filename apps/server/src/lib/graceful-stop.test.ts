import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/harness.js';
import { userWithToken } from '../../test/factories.js';
import { basic, call } from '../../test/http.js';
import { connectLive, liveUrl } from '../realtime/testing.js';
import { stopGracefully, stopPhase } from './graceful-stop.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A sign-in whose body arrives in two parts: in flight (headers read, body awaited) until `release` resolves. A wrong
 * password, so a complete answer is 400 invalid_grant; a cut connection gives its error code instead.
 */
function requestInFlight(api: string, release: Promise<void>): Promise<number | string> {
  const body = new URLSearchParams({ grant_type: 'mfa', username: 'in.flight@test.test', password: 'x' }).toString();
  return new Promise((resolve) => {
    const req = http.request(`${api}/oauth/token`, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': Buffer.byteLength(body),
        authorization: basic(),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.flushHeaders();
    req.write(body.slice(0, 10));
    void release.then(() => req.end(body.slice(10)));
  });
}

describe('stopping gracefully (SIGTERM)', () => {
  it('drains first: /api/ready answers 503 SHUTTING_DOWN while other routes answer 200, then requests in flight and on connections just opened finish and live clients are told to go', async () => {
    const t = await startTestApp();
    try {
      const user = await userWithToken(t);
      const live = await connectLive(liveUrl(t.api, '/stomp'), user.token);
      let liveClosedAt = 0;
      void live.closed.then(() => (liveClosedAt = Date.now()));
      let release!: () => void;
      const inFlight = requestInFlight(t.api, new Promise<void>((r) => (release = r)));
      await sleep(100);

      const drainMs = 1_000;
      const began = Date.now();
      const stopped = stopGracefully(t.app, { drainMs });
      expect(stopPhase(t.app)).toBe('draining');

      const ready = await call(t, 'GET', '/ready');
      expect(ready).toMatchObject({ status: 503, body: { status: 'shutting down', code: 'SHUTTING_DOWN' } });
      const health = await call(t, 'GET', '/health');
      expect(health.status).toBe(200);
      // Connections stay kept alive through the drain: a proxy opens no new ones to race the closing port.
      expect(health.headers.get('connection')).not.toBe('close');
      const profile = await call(t, 'GET', '/profile/current', { token: user.token });
      expect(profile.status).toBe(200);
      expect(Date.now() - began).toBeLessThan(drainMs);
      // Live clients stay through the drain: a client reconnecting now could only land here again.
      expect(liveClosedAt).toBe(0);

      // A connection a proxy opens just before the port closes, its request written just after: served, not reset.
      await sleep(drainMs - 200 - (Date.now() - began));
      const { port } = new URL(t.api);
      const late = net.connect(Number(port), '127.0.0.1');
      const lateAnswer = new Promise<string>((resolve) => {
        let text = '';
        late.on('data', (chunk) => (text += chunk.toString()));
        late.on('close', () => resolve(text));
        late.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      });

      // Past the drain the instance closes: the request in flight since before the stop still gets its full answer.
      await sleep(drainMs + 100 - (Date.now() - began));
      expect(stopPhase(t.app)).toBe('closing');
      late.write('GET /api/health HTTP/1.1\r\nHost: portal.test\r\n\r\n');
      release();
      expect(await inFlight).toBe(400);
      const lateText = await lateAnswer;
      expect(lateText).toMatch(/^HTTP\/1\.1 200 /);
      expect(lateText.toLowerCase()).toContain('connection: close');
      await stopped;

      const { error, code } = await live.closed;
      expect(error?.headers.message).toBe('SERVER_SHUTTING_DOWN');
      expect(code).toBe(1001);
      expect(liveClosedAt - began).toBeGreaterThanOrEqual(drainMs);
      await expect(fetch(`${t.api}/health`)).rejects.toThrow();
    } finally {
      await t.close();
    }
  });

  it('ends the drain at once when it is cut short (a second signal)', async () => {
    const t = await startTestApp();
    try {
      const cut = new AbortController();
      const began = Date.now();
      const stopped = stopGracefully(t.app, { drainMs: 60_000, cutShort: cut.signal });
      expect((await call(t, 'GET', '/ready')).status).toBe(503);
      cut.abort();
      await stopped;
      expect(Date.now() - began).toBeLessThan(10_000);
    } finally {
      await t.close();
    }
  });
});

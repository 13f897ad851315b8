/**
 * The database out of reach (a network cut, a server restarting): calls that need it answer 503 UNAVAILABLE with
 * Retry-After, sign-in answers 503 temporarily_unavailable, and all is well again once the database is back. The app
 * reaches PostgreSQL through a TCP relay that the test cuts, refusing new connections and resetting open ones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { scratchDatabase, type ScratchDatabase } from '../../test/scratch-database.js';
import type { TestApp } from '../../test/harness.js';
import { call, tokenRequest } from '../../test/http.js';
import { buildUser, signIn } from '../../test/factories.js';

/** A TCP relay to PostgreSQL on a fixed local port: `cut()` closes it and resets every connection; `open()` again. */
function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<number>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve(port);
      });
    });
  const cut = async () => {
    await new Promise<void>((resolve) => {
      server?.close(() => resolve());
      for (const s of sockets) s.resetAndDestroy();
    });
  };
  return { open, cut };
}

let scratch: ScratchDatabase;
let t: TestApp;
let link: ReturnType<typeof relay>;
let dataDir: string;

beforeAll(async () => {
  scratch = await scratchDatabase('portal_unreachable');
  const target = new URL(scratch.url);
  link = relay(target);
  const port = await link.open();
  const url = new URL(scratch.url);
  url.host = `127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-unreachable-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SIGN_IN_SOURCE_FREE_FAILURES: '100000',
  });
  const database = await openDatabase({ url: url.toString() });
  const portal = await buildApp(config, { database });
  await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const address = portal.app.server.address() as net.AddressInfo;
  t = {
    ...portal,
    api: `http://127.0.0.1:${address.port}/api`,
    config,
    contractBreaches: () => [],
    async close() {
      await portal.app.close();
      await database.close();
    },
  };
}, 60_000);

afterAll(async () => {
  await t?.close();
  await link?.cut();
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the database out of reach', () => {
  it('answers 503 UNAVAILABLE with Retry-After, sign-in 503 temporarily_unavailable, and recovers', async () => {
    const user = await buildUser(t, { role: 'CHIEF_NEGOTIATOR' });
    const { access_token: token } = await signIn(t, user);
    expect((await call(t, 'GET', '/profile/current', { token })).status).toBe(200);

    await link.cut();
    for (const [method, route, body] of [
      ['GET', '/offers', undefined],
      ['PUT', '/profile/language', { language: 'fr' }],
      ['GET', '/notifications', undefined],
    ] as const) {
      const res = await call(t, method, route, { token, body });
      expect(res.status, `${method} ${route}`).toBe(503);
      expect(res.body).toEqual({ message: MESSAGES.unavailable, code: 'UNAVAILABLE' });
      expect(res.headers.get('retry-after')).toBe('5');
    }
    const signInAnswer = await tokenRequest(t, { grant_type: 'mfa', username: user.email, password: user.password });
    expect(signInAnswer.status).toBe(503);
    expect(signInAnswer.body).toMatchObject({ error: 'temporarily_unavailable', code: 'UNAVAILABLE' });
    expect((await fetch(`${t.api}/ready`)).status).toBe(503);

    await link.open();
    expect((await call(t, 'GET', '/offers', { token })).status).toBe(200);
    expect((await call(t, 'PUT', '/profile/language', { token, body: { language: 'fr' } })).status).toBe(200);
  }, 60_000);
});

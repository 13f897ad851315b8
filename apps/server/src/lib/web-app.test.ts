import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { rawGet, upload } from '../../test/http.js';
import { userWithToken } from '../../test/factories.js';
import { SAMPLE_FILES } from '../modules/files/samples.js';

// What a browser on a poor connection meets: the built web app sent as built (.br/.gz), hashed assets kept for a
// year, index.html asked again each visit, and large API answers compressed.
let t: TestApp;
let site: string;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-dist-'));
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const page = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body>${'<p>portal</p>'.repeat(100)}</body></html>`;

/** A built web app as `vite build` leaves it: index.html and a hashed asset, each with its .br and .gz copies. */
function writeDist() {
  fs.mkdirSync(path.join(dist, 'assets'));
  for (const [file, text] of [
    ['index.html', page],
    ['assets/app-abc123.js', script],
  ] as const) {
    fs.writeFileSync(path.join(dist, file), text);
    fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(text));
  }
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => undefined);');
}

beforeAll(async () => {
  writeDist();
  t = await startTestApp({ WEB_DIST: dist });
  site = t.api.replace(/\/api$/, '');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends the brotli copy of an asset to a browser that accepts it', async () => {
    const res = await rawGet(`${site}/assets/app-abc123.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
    expect(res.body.length).toBeLessThan(script.length / 10);
  });

  it('sends the gzip copy to a browser without brotli, and the file itself to one that accepts neither', async () => {
    const gz = await rawGet(`${site}/assets/app-abc123.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await rawGet(`${site}/assets/app-abc123.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(script);
  });

  it('lets the browser keep a hashed asset for a year without asking again', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await rawGet(`${site}/assets/app-abc123.js`, { 'accept-encoding': encoding });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has the browser ask again for index.html on each visit, and answers 304 while it is unchanged', async () => {
    for (const url of [`${site}/`, `${site}/offers/some-offer`]) {
      const res = await rawGet(url, { 'accept-encoding': 'br' });
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(res.body).toString()).toBe(page);
      const again = await rawGet(url, { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) });
      expect(again.status, url).toBe(304);
      expect(again.body.length).toBe(0);
    }
  });

  it('keeps the security headers on the files it sends', async () => {
    for (const url of [`${site}/assets/app-abc123.js`, `${site}/offers/some-offer`]) {
      const res = await rawGet(url, { 'accept-encoding': 'br' });
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('has the browser ask again for the service worker on each visit (a new build brings a new one)', async () => {
    const res = await rawGet(`${site}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the files of public/ (unhashed names) for an hour', async () => {
    const res = await rawGet(`${site}/favicon.svg`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    // Too small for a compressed copy: sent as it is, not compressed on the fly.
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('still answers an unknown API path with the JSON 404', async () => {
    const res = await rawGet(`${site}/api/no-such-thing`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString()).code).toBe('NOT_FOUND');
  });
});

describe('API answers', () => {
  it('compresses a large JSON answer for a browser that accepts it (br first, else gzip)', async () => {
    const user = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const headers = { authorization: `Bearer ${user.token}` };
    const plain = await rawGet(`${t.api}/offers/countiresNoOffer`, headers);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await rawGet(`${t.api}/offers/countiresNoOffer`, { ...headers, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(br.body.length).toBeLessThan(plain.body.length / 2);

    const gz = await rawGet(`${t.api}/offers/countiresNoOffer`, { ...headers, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(plain.body.toString());
  });

  it('sends a small answer as it is', async () => {
    const res = await rawGet(`${t.api}/health`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual({ status: 'ok' });
  });

  it('sends a downloaded PDF as stored, never compressed again', async () => {
    const user = await userWithToken(t);
    const { body } = await upload(t, user.token, 'schedule.pdf', SAMPLE_FILES['schedule.pdf']);
    const res = await rawGet(`${t.api}/file/aws/download/${body.payload.fileKey}`, {
      authorization: `Bearer ${user.token}`,
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(SAMPLE_FILES['schedule.pdf'])).toBe(true);
  });
});

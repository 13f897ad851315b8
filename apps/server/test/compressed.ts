import zlib from 'node:zlib';
import { expect } from 'vitest';
import { rawGet } from './http.js';

/**
 * Asserts that `url` answers brotli and gzip as the browser accepts them (with Vary: Accept-Encoding), each
 * decompressing to `plain`, the answer sent without compression.
 */
export async function expectCompressedAs(url: string, headers: Record<string, string>, plain: string): Promise<void> {
  const br = await rawGet(url, { ...headers, 'accept-encoding': 'gzip, deflate, br' });
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toMatch(/accept-encoding/i);
  expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain);
  const gz = await rawGet(url, { ...headers, 'accept-encoding': 'gzip' });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gz.headers.vary).toMatch(/accept-encoding/i);
  expect(zlib.gunzipSync(gz.body).toString()).toBe(plain);
}

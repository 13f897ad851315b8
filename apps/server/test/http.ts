import http from 'node:http';
import type { TestApp } from './harness.js';

export interface HttpResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** One JSON call to the API, as the web app makes it (timezone header, optional bearer token). */
export async function call<T = any>(
  t: TestApp,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { timezone: 'Africa/Nairobi', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const res = await fetch(`${t.api}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: the test sees the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export function basic(id = 'portal-web', secret = 'portal-web-secret'): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

/** POST /oauth/token with a form body and client credentials. */
export function tokenRequest(t: TestApp, form: Record<string, string>, authorization: string | null = basic()) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (authorization) headers.authorization = authorization;
  return call(t, 'POST', '/oauth/token', { body: new URLSearchParams(form).toString(), headers });
}

/** A multipart upload of one file in the field `file`, as the web app sends it. */
export async function upload(t: TestApp, token: string | null, name: string, data: Buffer, path = '/file') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${t.api}${path}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** A GET whose answer is read as sent (still compressed), unlike fetch, which decodes it. `url` is a full URL. */
export function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, fileNameOf, requestFile } from './http';
import { downloadFile } from './download';
import { itemAt } from '../test/itemAt';

type Reply = { status: number; body?: BodyInit | null; headers?: Record<string, string> };

function fakeFetch(answer: (url: string, init: RequestInit) => Reply) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const { status, body, headers } = answer(url, init);
      return new Response(body ?? null, { status, headers });
    }),
  );
  return calls;
}

const json = (body: unknown) => JSON.stringify(body);
const PDF = '%PDF-1.7 schedule';
const pdfReply = (disposition?: string): Reply => ({
  status: 200,
  body: PDF,
  headers: { 'Content-Type': 'application/pdf', ...(disposition ? { 'Content-Disposition': disposition } : {}) },
});

describe('file names from Content-Disposition', () => {
  it('prefers the UTF-8 form and falls back to the plain one', () => {
    expect(
      fileNameOf(`attachment; filename="Cote-d-Ivoire.pdf"; filename*=UTF-8''C%C3%B4te-d%E2%80%99Ivoire-v2-fr.pdf`),
    ).toBe('Côte-d’Ivoire-v2-fr.pdf');
    expect(fileNameOf('attachment; filename="Kenya-conditional-initial-offer-v2-fr.pdf"')).toBe(
      'Kenya-conditional-initial-offer-v2-fr.pdf',
    );
    expect(fileNameOf('attachment; filename=Kenya.xlsx')).toBe('Kenya.xlsx');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('downloading a file through the HTTP client', () => {
  let saved: { href: string; download: string }[];
  beforeEach(() => {
    localStorage.clear();
    saved = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token and reads the bytes and the server-given name', async () => {
    localStorage.setItem('access_token', 'access-1');
    localStorage.setItem('refresh_token', 'refresh-1');
    localStorage.setItem('access_exp', String(Date.now() + 60_000));
    const calls = fakeFetch(() => pdfReply('attachment; filename="Kenya-counter-offer-v1-ar.pdf"'));
    const file = await requestFile('GET', '/response-offer/r1/export?format=pdf&lang=ar');
    expect(calls[0]?.url).toBe('/api/response-offer/r1/export?format=pdf&lang=ar');
    expect(new Headers(itemAt(calls, 0).init.headers).get('authorization')).toBe('Bearer access-1');
    expect(file.fileName).toBe('Kenya-counter-offer-v1-ar.pdf');
    expect(await file.blob.text()).toBe(PDF);
  });

  it('refreshes an expired session once and replays the download', async () => {
    localStorage.setItem('access_token', 'access-1');
    localStorage.setItem('refresh_token', 'refresh-1');
    localStorage.setItem('access_exp', String(Date.now() + 60_000));
    const calls = fakeFetch((url, init) => {
      if (url === '/api/oauth/token')
        return {
          status: 200,
          body: json({ access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 300, token_type: 'Bearer' }),
        };
      return new Headers(init.headers).get('authorization') === 'Bearer access-2'
        ? pdfReply('attachment; filename="Kenya.pdf"')
        : { status: 401, body: json({ message: 'UNAUTHORIZED', code: 'UNAUTHORIZED' }) };
    });
    expect(await downloadFile('/offers/o1/export?format=pdf&lang=en', 'fallback.pdf')).toBe('Kenya.pdf');
    expect(calls.map((c) => c.url)).toEqual([
      '/api/offers/o1/export?format=pdf&lang=en',
      '/api/oauth/token',
      '/api/offers/o1/export?format=pdf&lang=en',
    ]);
    expect(saved).toEqual([{ href: 'blob:file', download: 'Kenya.pdf' }]);
  });

  it('saves under the fallback name when the server named none', async () => {
    fakeFetch(() => pdfReply());
    expect(await downloadFile('/file/aws/download/k', 'counter-offer.pdf')).toBe('counter-offer.pdf');
    expect(saved[0]?.download).toBe('counter-offer.pdf');
  });

  it('a refusal saves nothing and carries the code, the message and Retry-After', async () => {
    fakeFetch(() => ({
      status: 503,
      body: json({ message: 'Too many documents are being made; try again shortly.', code: 'DOCUMENTS_BUSY' }),
      headers: { 'Retry-After': '7', 'Content-Type': 'application/json' },
    }));
    const error = await downloadFile('/offers/o1/export?format=pdf&lang=en', 'x.pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'DOCUMENTS_BUSY', retryAfter: 7 });
    expect(saved).toEqual([]);
  });
});

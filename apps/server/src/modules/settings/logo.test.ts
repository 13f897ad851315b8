/** The logo uploaded into the file store and served by the portal: PNG, JPG or a safe SVG, nothing else. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call, upload } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { SAMPLE_FILES } from '../files/samples.js';
import { logoKind, unsafeSvg } from './logo.js';

let t: TestApp;
let staff: { token: string };
beforeAll(async () => {
  t = await startTestApp();
  staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
});
afterAll(() => t.close());

const SAFE_SVG =
  '<?xml version="1.0"?>\n<!-- the bloc -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"/></defs><circle cx="5" cy="5" r="4" fill="url(#g)"/><use href="#g"/></svg>';
const logoOf = async () => (await call(t, 'GET', '/home')).body.payload.logo as string | null;
const send = (name: string, data: Buffer | string, token: string | null = staff.token) =>
  upload(t, token, name, Buffer.from(data), '/home/logo');

describe('POST /home/logo', () => {
  it('requires authentication and refuses the roles outside the back office', async () => {
    expect((await send('logo.png', SAMPLE_FILES['flag.png']!, null)).status).toBe(401);
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR' });
    expect((await send('logo.png', SAMPLE_FILES['flag.png']!, chief.token)).status).toBe(403);
  });

  it('stores a PNG, makes it the logo and serves it to anyone with its type', async () => {
    const res = await send('logo.png', SAMPLE_FILES['flag.png']!);
    expect(res.status).toBe(200);
    const logo = await logoOf();
    expect(logo).toMatch(/^\/api\/home\/logo\/logo-[0-9a-f]{24}\.png$/);
    const served = await fetch(`${t.api}${logo!.slice('/api'.length)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(SAMPLE_FILES['flag.png']!)).toBe(true);
  });

  it('takes a JPG and a clean SVG, the SVG served so that it can neither run nor load anything', async () => {
    expect((await send('logo.jpg', SAMPLE_FILES['photo.jpg']!)).status).toBe(200);
    expect((await send('logo.svg', SAFE_SVG)).status).toBe(200);
    const served = await fetch(`${t.api}${(await logoOf())!.slice('/api'.length)}`);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses an SVG with a script or anything that loads or runs, keeping the logo it had', async () => {
    await send('logo.png', SAMPLE_FILES['flag.png']!);
    const before = await logoOf();
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://tracker.example/x.png"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe/></foreignObject></svg>',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>',
    ]) {
      const res = await send('logo.svg', svg);
      expect(res.status, svg).toBe(422);
      expect(res.body).toMatchObject({ code: 'LOGO_UNSAFE' });
      expect(res.body.message).toContain(ERROR_CATALOGUE.LOGO_UNSAFE.message);
    }
    expect(await logoOf()).toBe(before);
  });

  it('refuses what is not a PNG, JPG or SVG by its content, whatever its name', async () => {
    const res = await send('logo.png', 'just some text');
    expect(res).toMatchObject({ status: 415, body: { code: 'LOGO_TYPE' } });
    expect((await send('logo.svg', SAMPLE_FILES['schedule.pdf']!)).status).toBe(415);
  });

  it('answers 404 for a logo that does not exist or a key of another kind', async () => {
    expect((await call(t, 'GET', '/home/logo/logo-000000000000000000000000.png')).status).toBe(404);
    expect((await call(t, 'GET', '/home/logo/secret-file.pdf')).status).toBe(404);
  });
});

describe('logo checks', () => {
  it('reads the kind from the bytes', () => {
    expect(logoKind(SAMPLE_FILES['flag.png']!)).toBe('png');
    expect(logoKind(SAMPLE_FILES['photo.jpg']!)).toBe('jpg');
    expect(logoKind(Buffer.from(SAFE_SVG))).toBe('svg');
    expect(logoKind(Buffer.from('<html><svg></svg></html>'))).toBeNull();
  });
  it('passes a clean SVG with references to its own parts', () => {
    expect(unsafeSvg(SAFE_SVG)).toBeNull();
  });
});

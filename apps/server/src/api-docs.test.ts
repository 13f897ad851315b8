import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { call } from '../test/http.js';
import { userWithToken } from '../test/factories.js';
import { apiAccess } from '@portal/shared';

describe('API documentation (API_DOCS, default staff)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is refused to visitors and to country users, served to the secretariat', async () => {
    expect(await call(t, 'GET', '/docs/json')).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    expect((await fetch(`${t.api}/docs`)).status).toBe(401);
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    expect(await call(t, 'GET', '/docs/json', { token: chief.token })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    const staff = await userWithToken(t, { role: 'ADMIN' });
    const res = await call(t, 'GET', '/docs/json', { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
  });

  it('gives every operation an id, its security and its refusals, and shared schemas by name', async () => {
    const staff = await userWithToken(t, { role: 'ADMIN' });
    const doc = (await call(t, 'GET', '/docs/json', { token: staff.token })).body;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.Refusal.properties.code.enum).toContain('METHOD_NOT_ALLOWED');
    const ids = new Set<string>();
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        const access = apiAccess(method, path.replace(/\{([^}]+)\}/g, ':$1'));
        expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
        ids.add(operation.operationId);
        expect(operation.security, `${method} ${path}`).toEqual(access === 'PUBLIC' ? [] : [{ bearerAuth: [] }]);
        const statuses = Object.keys(operation.responses);
        expect(statuses, `${method} ${path}`).toContain('400');
        if (access !== 'PUBLIC') expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['401', '403']));
        if (path.includes('{')) expect(statuses, `${method} ${path}`).toContain('404');
        const success = operation.responses['200'] ?? operation.responses['201'] ?? operation.responses['204'];
        if (operation.responses['200']) expect(success.content, `${method} ${path}`).toBeDefined();
      }
    }
    expect(ids.size).toBe(Object.values(doc.paths).reduce((n: number, item: any) => n + Object.keys(item).length, 0));
    expect(doc.paths['/offers/{id}'].get.responses['200'].content['application/json'].schema).toMatchObject({
      properties: { payload: { $ref: '#/components/schemas/Offer' } },
    });
  });

  it("limits the page's connections to its own origin (no ws:/wss: to any host)", async () => {
    const res = await fetch(`${t.api}/client-config`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/\bwss?:/);
  });
});

describe('API documentation off (production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ API_DOCS: 'off' });
  });
  afterAll(() => t.close());

  it('is not served at all, not even to the secretariat', async () => {
    const staff = await userWithToken(t, { role: 'ADMIN' });
    expect(await call(t, 'GET', '/docs/json', { token: staff.token })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
  });
});

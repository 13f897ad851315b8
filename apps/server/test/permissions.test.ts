import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, ROLES, hasAccess, type Access, type Role } from '@portal/shared';
import { startTestApp, type TestApp } from './harness.js';
import { call } from './http.js';
import { userWithToken } from './factories.js';
import { must } from './must.js';

/**
 * The permission table as a matrix: every API route × anonymous and each role. A refused caller gets
 * 401 (anonymous) or 403 (wrong role); an admitted one never does, whatever else it is told.
 */
let t: TestApp;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  t = await startTestApp();
  for (const role of ROLES) tokens[role] = (await userWithToken(t, { role })).token;
});
afterAll(() => t.close());

const routes = Object.entries(API_ROUTES as Record<string, Access>).filter(([route]) => route !== 'POST /oauth/token');
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '1');

/** Routes that end the caller's own session. */
const SIGNS_OUT = new Set(['POST /log/logout', 'DELETE /profile/sessions']);

async function request(route: string, token?: string, role?: Role) {
  const [method, path] = route.split(' ');
  // Signing out ends the session the other rows use: give it a session of its own.
  if (SIGNS_OUT.has(route) && role) token = (await userWithToken(t, { role })).token;
  const body = method === 'GET' || method === 'HEAD' || method === 'DELETE' ? undefined : {};
  return call(t, must(method), concrete(must(path)), { token, body });
}

describe('permission matrix', () => {
  it.each(routes)('%s: anonymous callers get 401 unless the route is public', async (route, access) => {
    const res = await request(route);
    if (access === 'PUBLIC') expect(res.status).not.toBe(401);
    else expect(res).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
  });

  for (const role of ROLES) {
    it.each(routes)(`%s as ${role}`, async (route, access) => {
      const res = await request(route, tokens[role], role);
      if (hasAccess(access, role)) {
        expect(res.status, JSON.stringify(res.body)).not.toBe(401);
        expect(res.status, JSON.stringify(res.body)).not.toBe(403);
      } else {
        expect(res).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
      }
    });
  }

  // Fastify answers HEAD for every GET with the GET handler (and its content-length): HEAD is held to the GET rule.
  const heads = routes
    .filter(([route]) => route.startsWith('GET '))
    .map(([route, access]) => [route.replace(/^GET /, 'HEAD '), access] as const);

  it.each(heads)('%s: anonymous callers get 401 unless the GET is public', async (route, access) => {
    const res = await request(route);
    if (access === 'PUBLIC') expect(res.status).not.toBe(401);
    else expect(res.status).toBe(401);
  });

  for (const role of ROLES) {
    it.each(heads)(`%s as ${role}, like its GET`, async (route, access) => {
      const res = await request(route, tokens[role], role);
      if (hasAccess(access, role)) {
        expect(res.status).not.toBe(401);
        expect(res.status).not.toBe(403);
      } else {
        expect(res.status).toBe(403);
      }
    });
  }

  it('refuses an /api request whose route has no rule (deny by default)', async () => {
    const { default: Fastify } = await import('fastify');
    const { authorizePlugin } = await import('../src/auth/authorize.js');
    const { errorHandler } = await import('../src/http-errors.js');
    const app = Fastify();
    app.setErrorHandler(errorHandler);
    await app.register(authorizePlugin, { ctx: t.ctx });
    // A HEAD route of its own is not checked against the table at start, so it is the one way to reach the hook without a rule.
    await app.register(
      async (api) => {
        api.head('/not-in-the-table', async () => '');
      },
      { prefix: '/api' },
    );
    const res = await app.inject({ method: 'HEAD', url: '/api/not-in-the-table' });
    expect(res.statusCode).toBe(403);
    await app.close();
  });

  it('refuses to start when a route is missing from the table', async () => {
    const { default: Fastify } = await import('fastify');
    const { authorizePlugin } = await import('../src/auth/authorize.js');
    const app = Fastify();
    await app.register(authorizePlugin, { ctx: t.ctx });
    await expect(
      app
        .register(
          async (api) => {
            api.get('/not-in-the-table', async () => 'x');
          },
          { prefix: '/api' },
        )
        .ready(),
    ).rejects.toThrow(/not in the permission table/);
    await app.close();
  });
});

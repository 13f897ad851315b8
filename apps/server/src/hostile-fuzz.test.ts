import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { userWithToken } from '../test/factories.js';
import { must } from '../test/must.js';
import { only } from './lib/only.js';

/**
 * Fuzz over every write route of the OpenAPI document, signed in: hostile bodies, queries and path parameters never
 * make a 5xx, and a request that carries a NUL, a lone surrogate or a too-deep body changes no row.
 */
let t: TestApp;
let tokens: string[];
let staffToken: string;
beforeAll(async () => {
  t = await startTestApp();
  const admin = await userWithToken(t, { role: 'ADMIN' });
  const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
  tokens = [admin.token, chief.token];
  staffToken = admin.token;
});
afterAll(() => t.close());

interface Route {
  method: string;
  path: string;
  params: string[];
  props: string[];
}

async function writeRoutes(): Promise<Route[]> {
  const doc = (await (
    await fetch(`${t.api}/docs/json`, { headers: { authorization: `Bearer ${staffToken}` } })
  ).json()) as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: any }> } }>>;
  };
  const routes: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
      const schema = op.requestBody?.content?.['application/json']?.schema;
      const props = Object.keys(schema?.properties ?? schema?.items?.properties ?? {});
      const params = [...path.matchAll(/\{(?<name>\w+)\}/g)].map((m) => must(m.groups?.name));
      routes.push({ method: method.toUpperCase(), path, params, props });
    }
  }
  return routes;
}

/** A hash of every table's rows: equal before and after means no row changed. */
async function tablesHash(): Promise<Record<string, string>> {
  const res = (await t.ctx.db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const out: Record<string, string> = {};
  for (const { table_name: table } of res.rows) {
    const r = (await t.ctx.db.execute(
      sql.raw(`SELECT count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') AS h
               FROM "${table}" x`),
    )) as unknown as { rows: Array<{ h: string }> };
    out[table] = only(r.rows).h;
  }
  return out;
}

const unstorable = fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800', 'ok\u0000\ud83d');
/** A body nested n deep: a placeholder that `serialize` writes out as raw brackets (JSON.stringify would overflow). */
const deep = fc.integer({ min: 65, max: 5000 }).map((n) => `@@deep:${n}@@`);
const serialize = (body: unknown) =>
  JSON.stringify(body).replace(/"@@deep:(\d+)@@"/g, (_m, n: string) => '['.repeat(+n) + ']'.repeat(+n));
const hostile = fc.oneof(
  unstorable,
  deep,
  unstorable.map((k) => ({ [k]: 'x' })),
  unstorable.map((s) => [s]),
);
const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '../../etc/passwd', '<script>alert(1)</script>', "' OR 1=1 --", 1e308, -1, 2 ** 53),
);
/** A path parameter as it travels in the URL. */
const segment = fc.oneof(
  fc.constantFrom('1', '0', '-1', '00000000-0000-0000-0000-000000000000', 'x'.repeat(300), '%2e%2e', '%25'),
  fc.string({ maxLength: 20 }).map((s) => encodeURIComponent(s) || 'a'),
);

function url(route: Route, params: string[], query = '') {
  let i = 0;
  return route.path.replace(/\{\w+\}/g, () => params[i++] ?? 'a') + query;
}

/** A request of which some part cannot be stored: it must be refused. */
function hostileRequest(route: Route) {
  return fc
    .record({
      where: fc.constantFrom(...(route.params.length ? ['param', 'query', 'body', 'body'] : ['query', 'body', 'body'])),
      params: fc.array(segment, { minLength: route.params.length, maxLength: route.params.length }),
      fields: fc.dictionary(fc.constantFrom(...(route.props.length ? route.props : ['x'])), junk, { maxKeys: 4 }),
      key: fc.constantFrom(...(route.props.length ? route.props : ['x'])),
      value: hostile,
      asArray: fc.boolean(),
    })
    .map(({ where, params, fields, key, value, asArray }) => {
      if (where === 'param') params[0] = '%00';
      const query = where === 'query' ? '?lang=fr&search=a%00b' : '';
      const body = where === 'body' ? { ...fields, [key]: value } : fields;
      return { method: route.method, url: url(route, params, query), body: asArray ? [body] : body };
    });
}

/** Any junk at all: it may be accepted or refused, never a 5xx. */
function junkRequest(route: Route) {
  return fc
    .record({
      params: fc.array(segment, { minLength: route.params.length, maxLength: route.params.length }),
      body: fc.oneof(fc.dictionary(fc.constantFrom(...(route.props.length ? route.props : ['x'])), junk), junk),
    })
    .map(({ params, body }) => ({ method: route.method, url: url(route, params), body }));
}

/**
 * Sends the requests through the whole app (hooks, parsers, schemas, handlers, database) in process with
 * `inject`, a few at a time: the same answers as over a socket, without the socket's cost on a shared machine.
 */
async function send(requests: Array<{ method: string; url: string; body: unknown }>) {
  const statuses: Array<{ status: number; method: string; url: string }> = [];
  // One queue for the workers: each takes the next request as it is free.
  const queue = requests.entries();
  const worker = async () => {
    for (const [i, r] of queue) {
      const res = await t.app.inject({
        method: r.method as 'POST',
        url: `/api${r.url}`,
        headers: {
          authorization: `Bearer ${tokens[i % tokens.length]}`,
          'content-type': 'application/json',
          timezone: 'Africa/Nairobi',
        },
        payload: serialize(r.body),
      });
      statuses.push({ status: res.statusCode, method: r.method, url: r.url });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return statuses;
}

describe('fuzz over every write route', () => {
  it('answers 0 × 5xx over 10,000+ hostile requests, and refused ones change no row', async () => {
    const routes = await writeRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const perRoute = Math.ceil(6000 / routes.length);
    const hostileRequests = routes.flatMap((r) => fc.sample(hostileRequest(r), { numRuns: perRoute, seed: 12 }));
    const before = await tablesHash();
    const refused = await send(hostileRequests);
    const after = await tablesHash();
    expect(refused.filter((r) => r.status >= 500)).toEqual([]);
    expect(refused.filter((r) => r.status < 400)).toEqual([]);
    expect(after).toEqual(before);

    const junkRequests = routes.flatMap((r) =>
      fc.sample(junkRequest(r), { numRuns: Math.ceil((perRoute * 2) / 3), seed: 7 }),
    );
    const answered = await send(junkRequests);
    expect(answered.filter((r) => r.status >= 500)).toEqual([]);
    expect(refused.length + answered.length).toBeGreaterThanOrEqual(10_000);
  }, 60_000);
});

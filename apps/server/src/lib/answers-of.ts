import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';

/** One call's answer inside another's: its status and its body as that call sent it (JSON, or null when empty). */
export interface PartAnswer {
  status: number;
  json: string;
}

/** The request headers a part is asked with: who asks (the session), in which language and time zone, from what. */
const CARRIED = ['authorization', 'cookie', 'accept-language', 'timezone', 'user-agent'] as const;

/**
 * Several GET calls answered in one, for a screen that needs them all at start on a link where each round trip costs
 * hundreds of milliseconds. Each part is the answer of its own call, made inside the server with the caller's headers
 * and address: the same permission table, rules, kept answers and refusals, and nothing a call would not answer.
 * `paths` are API paths (under /api); the parts are asked for together.
 */
export async function answersOf<K extends string>(
  app: FastifyInstance,
  req: FastifyRequest,
  paths: Record<K, string>,
): Promise<Record<K, PartAnswer>> {
  const headers: Record<string, string> = {};
  for (const name of CARRIED) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const entries = await Promise.all(
    (Object.entries(paths) as [K, string][]).map(async ([name, path]) => {
      const res = await app.inject({ method: 'GET', url: `/api${path}`, headers, remoteAddress: req.ip });
      const json = String(res.headers['content-type'] ?? '').includes('json') ? res.body : JSON.stringify(res.body);
      return [name, { status: res.statusCode, json: res.body.length ? json : 'null' }] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<K, PartAnswer>;
}

/** The parts as one JSON envelope: `{"payload":{"<name>":{"status":200,"body":…},…}}`, bodies as they were sent. */
export function partsEnvelope(parts: Record<string, PartAnswer>): string {
  const fields = Object.entries(parts).map(
    ([name, { status, json }]) => `${JSON.stringify(name)}:{"status":${status},"body":${json}}`,
  );
  return `{"payload":{${fields.join(',')}}}`;
}

/**
 * A screen's start call: GET `path` answers the parts `paths(params)` names in one envelope (answersOf, partsEnvelope).
 * `options` is the route's documented schema (`doc(...)`): it validates the params and names the answer in the OpenAPI
 * document; the answer itself is sent as the parts' JSON, as their calls sent it.
 */
export function startCall(
  app: FastifyInstance,
  path: string,
  options: { schema: FastifySchema },
  paths: (params: Record<string, string>) => Record<string, string>,
): void {
  app.get(path, options, async (req, reply) => {
    const parts = await answersOf(app, req, paths(req.params as Record<string, string>));
    return reply.type('application/json; charset=utf-8').send(partsEnvelope(parts));
  });
}

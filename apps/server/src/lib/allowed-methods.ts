import type { FastifyInstance } from 'fastify';

/** A route path as Fastify writes it (`/api/offers/:id`) turned into a test of a request's path. */
function pathPattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source.replace(/\*$/, '.*')}$`);
}

/**
 * The methods each API path answers, learnt from the routes as they are registered: the not-found handler asks it
 * whether a path it could not route exists under another method (405 with Allow) or not at all (404). Registered
 * before the routes; HEAD follows GET (Fastify answers it for every GET).
 */
export function trackAllowedMethods(app: FastifyInstance, prefix: string): (path: string) => string[] {
  const routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${prefix}/`)) return;
    const entry = routes.get(route.url) ?? { pattern: pathPattern(route.url), methods: new Set<string>() };
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) entry.methods.add(method);
    routes.set(route.url, entry);
  });
  return (path) => {
    const methods = new Set<string>();
    for (const { pattern, methods: answered } of routes.values()) {
      if (pattern.test(path)) for (const method of answered) methods.add(method);
    }
    return [...methods].sort();
  };
}

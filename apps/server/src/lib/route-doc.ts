import type { z } from 'zod';
import { envelope } from '@portal/shared';

/** What a route validates and says beyond its summary, named as in Fastify's schema. */
interface RouteParts {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  description?: string;
  consumes?: string[];
  /** Refusals the route documents with their status, beside its 200 answer (`{ 409: errorSchema }`). */
  refusals?: Record<number, z.ZodType>;
}

/**
 * The documentation of an area's routes under its OpenAPI tags: `doc(summary, answer, parts)` is a route's schema,
 * validating the params, query and body of `parts` and answering 200 with `answer` in the envelope
 * (`{ payload, message? }`). A route that answers anything else (another status, no envelope) writes its schema out.
 */
export function routeDocs(tags: string[]) {
  return <A extends z.ZodType, const P extends RouteParts = Record<never, never>>(
    summary: string,
    answer: A,
    parts?: P,
  ) => {
    // Without parts, P is the empty default.
    const { refusals, ...inputs } = parts ?? ({} as P);
    return { schema: { tags, summary, ...inputs, response: { 200: envelope(answer), ...refusals } } };
  };
}

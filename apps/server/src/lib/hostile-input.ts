import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refusal } from '../errors.js';

/** Deeper than any document the portal stores (an offer is about ten levels); deeper is refused, not walked. */
export const MAX_INPUT_DEPTH = 64;

/** A NUL character or a UTF-16 surrogate without its pair: neither can be stored as text in PostgreSQL. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

export type HostileKind = 'character' | 'depth';

/** The first reason a parsed input cannot be taken as it is, or null; walks without recursion. */
export function findHostile(input: unknown, maxDepth = MAX_INPUT_DEPTH): HostileKind | null {
  const stack: Array<[unknown, number]> = [[input, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (unstorable(value)) return 'character';
    } else if (value !== null && typeof value === 'object') {
      if (depth >= maxDepth) return 'depth';
      if (Array.isArray(value)) {
        for (const item of value) stack.push([item, depth + 1]);
      } else {
        for (const [key, item] of Object.entries(value)) {
          if (unstorable(key)) return 'character';
          stack.push([item, depth + 1]);
        }
      }
    }
  }
  return null;
}

/** Throws the refusal of a hostile input (MALFORMED_INPUT or INPUT_TOO_DEEP), or returns. */
export function assertStorable(input: unknown): void {
  const kind = findHostile(input);
  if (kind === 'character') throw refusal('MALFORMED_INPUT');
  if (kind === 'depth') throw refusal('INPUT_TOO_DEEP');
}

/**
 * One guard for every route: parameters and query as the request arrives (before authorization), the parsed body
 * (JSON or form) before any schema or handler sees it, so a NUL, a lone surrogate or a 5,000-deep body is a 400 that changed nothing.
 */
export function hostileInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (req: FastifyRequest) => {
    assertStorable(req.params);
    assertStorable(req.query);
  });
  app.addHook('preValidation', async (req: FastifyRequest) => {
    if (req.body !== undefined && !Buffer.isBuffer(req.body)) assertStorable(req.body);
  });
}

import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from '../context.js';

/** Who sent a request, for the audit log: the client's address (as Fastify derives it) and its user agent. */
export function requestMeta(req: FastifyRequest): RequestMeta {
  const agent = req.headers['user-agent'];
  return { ip: req.ip, clientName: typeof agent === 'string' ? agent.slice(0, 255) : null };
}

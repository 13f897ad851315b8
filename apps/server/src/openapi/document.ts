import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { z } from 'zod';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  jsonSchemaTransform,
} from 'fastify-type-provider-zod';
import { ERROR_CATALOGUE, ERROR_CODES, apiAccess, oauthErrorSchema, type SectorsErrorCode } from '@portal/shared';
import { registerSharedSchemas } from './components.js';
import { ANSWER_SCHEMAS, FILE_ANSWERS, JSON_ANSWERS } from './answers.js';
import { ROUTE_REFUSALS, TOKEN_ROUTE } from './refusals.js';

type Json = Record<string, any>;

/** The status of each generic code (ERROR_CODES); the catalogue's codes carry their own. */
const GENERIC_STATUS: Record<(typeof ERROR_CODES)[number], number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BUSINESS_RULE: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  TRANSLATION_NOT_CONFIGURED: 422,
  DOCUMENT_FAILED: 503,
  DOCUMENT_BUSY: 503,
  INTERNAL: 500,
};

/** The codes of a refused service addition or GATS import (SECTORS_ERROR_CODES), outside the catalogue. */
const SECTORS_STATUS: Record<SectorsErrorCode, number> = {
  REQUIRED: 400,
  UNKNOWN_SCHEME: 400,
  INVALID_CODE: 400,
  CODE_OUTSIDE_PARENT: 400,
  UNKNOWN_PARENT: 404,
  DUPLICATE_CODE: 409,
  IMPORT_REFUSED: 422,
};

/** Every code a refusal may carry, by HTTP status. */
export function codesByStatus(): Map<number, string[]> {
  const byStatus = new Map<number, string[]>();
  const add = (status: number, code: string) => byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  for (const [code, status] of Object.entries(GENERIC_STATUS)) add(status, code);
  for (const [code, { status }] of Object.entries(ERROR_CATALOGUE)) add(status, code);
  for (const [code, status] of Object.entries(SECTORS_STATUS)) add(status, code);
  return byStatus;
}

/** The name of the shared response of a refusal status (`#/components/responses/<name>`). */
const RESPONSE_NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableContent',
  423: 'Locked',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'Unavailable',
  507: 'InsufficientStorage',
};

/** The name of a refusal status's shared response; a status without one is a mistake here, found at start. */
function responseName(status: number): string {
  const name = RESPONSE_NAMES[status];
  if (!name) throw new Error(`No response name for refusal status ${status}`);
  return name;
}

const REFUSAL: Json = {
  type: 'object',
  description:
    'A refusal: `code` names the case (one per case, ERROR_CATALOGUE in packages/shared), `message` is its English ' +
    'text for people (clients show their own wording of the code), `field` the path of the input field it is ' +
    'about, `payload` what the refused resource now is (a 409 shows the state that won).',
  required: ['message', 'code'],
  properties: {
    message: { type: 'string' },
    code: { type: 'string', enum: [...new Set([...codesByStatus().values()].flat())].sort() },
    field: { type: 'string' },
    payload: {},
  },
  additionalProperties: false,
};

const OAUTH_ERROR: Json = {
  type: 'object',
  description:
    'A refusal of POST /oauth/token (RFC 6749 section 5.2): `error` and `error_description` for OAuth clients, ' +
    '`message` and `code` as every other refusal of the API.',
  properties: {
    error: { type: 'string', enum: [...oauthErrorSchema.shape.error.options] },
    error_description: { type: 'string' },
    message: { type: 'string' },
    code: { type: 'string' },
    field: { type: 'string' },
  },
  required: ['error', 'error_description', 'message', 'code'],
  additionalProperties: false,
};

const ref = (kind: 'schemas' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** One shared response per refusal status: the Refusal, its code narrowed to the codes of that status. */
function refusalResponses(): Json {
  const responses: Json = {};
  for (const [status, codes] of codesByStatus()) {
    const name = responseName(status);
    const unique = [...new Set(codes)].sort();
    responses[name] = {
      description: `Refused (${status}): ${unique.join(', ')}.`,
      content: {
        'application/json': {
          schema: {
            allOf: [ref('schemas', 'Refusal'), { type: 'object', properties: { code: { enum: unique } } }],
          },
        },
      },
    };
  }
  return responses;
}

/** `/offers/{id}/export` → the permission table's `/offers/:id/export`. */
const routePath = (documentPath: string) => documentPath.replace(/\{([^}]+)\}/g, ':$1');

/** `GET /offers/{id}/export` → `getOffersByIdExport`; a trailing slash is kept apart (`/cms/` → `getCmsSlash`). */
export function operationIdOf(method: string, documentPath: string): string {
  const words = documentPath
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? `By-${param[1]}` : segment;
    })
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  if (documentPath.length > 1 && documentPath.endsWith('/')) words.push('Slash');
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** What the per-route transform learns of a route that the document alone does not say. */
interface RouteFacts {
  rateLimited: boolean;
  multipart: boolean;
}

/** The statuses an operation may answer besides its successes (see docs/decisions/api-contract.md). */
function refusalStatuses(key: string, operation: Json, facts: RouteFacts | undefined): number[] {
  const [method = ''] = key.split(' ');
  const access = apiAccess(method, key.slice(key.indexOf(' ') + 1));
  // Every route runs the hostile-input guard on its parameters and query (MALFORMED_INPUT), and most validate; every
  // route may find the database out of reach (503 UNAVAILABLE with Retry-After).
  const statuses = new Set<number>([400, 503]);
  if (access !== 'PUBLIC') {
    statuses.add(401);
    statuses.add(403);
  }
  if ((operation.parameters ?? []).some((p: Json) => p.in === 'path')) statuses.add(404);
  if (operation.requestBody || facts?.multipart) {
    statuses.add(413);
    statuses.add(415);
  }
  if (facts?.rateLimited) statuses.add(429);
  for (const status of ROUTE_REFUSALS[key] ?? []) statuses.add(status);
  return [...statuses].sort();
}

/** `anyOf` of one schema (a zod union one of whose branches JSON Schema cannot express) is that schema. */
function collapseSingleAnyOf(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(collapseSingleAnyOf);
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (Array.isArray(schema.anyOf) && schema.anyOf.length === 1) {
    const [only] = schema.anyOf;
    delete schema.anyOf;
    Object.assign(schema, only);
  }
  Object.values(schema).forEach(collapseSingleAnyOf);
}

/**
 * Drops the components no operation reaches (the registry names every shared schema, routes use some; a refusal
 * status no operation answers, such as 405, which the document cannot attach to an operation).
 */
function dropUnusedComponents(document: Json): void {
  const responses: Json = document.components.responses;
  const usedResponses = new Set(
    JSON.stringify(document.paths)
      .match(/#\/components\/responses\/\w+/g)
      ?.map((r) => r.split('/').pop()!) ?? [],
  );
  for (const name of Object.keys(responses)) if (!usedResponses.has(name)) delete responses[name];
  const schemas: Json = document.components.schemas;
  const used = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        const name = value.slice('#/components/schemas/'.length);
        if (!used.has(name) && schemas[name]) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(document.paths);
  visit(document.components.responses);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

/**
 * Completes the document the routes give: an operationId, a security requirement (none for PUBLIC calls of the
 * permission table), the refusals each operation may answer as shared responses of the Refusal component, and the
 * answers routes write themselves (files, large trees) that have no Fastify response schema (answers.ts).
 */
function completeDocument(document: Json, facts: Map<string, RouteFacts>): Json {
  document.components = { ...document.components };
  document.components.securitySchemes = {
    bearerAuth: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'The access token of POST /oauth/token.',
    },
  };
  document.components.schemas = {
    ...document.components.schemas,
    Refusal: REFUSAL,
    OAuthError: OAUTH_ERROR,
    ...ANSWER_SCHEMAS,
  };
  document.components.responses = refusalResponses();
  const operationIds = new Set<string>();
  for (const [documentPath, item] of Object.entries<Json>(document.paths)) {
    for (const [method, operation] of Object.entries<Json>(item)) {
      const key = `${method.toUpperCase()} ${routePath(documentPath)}`;
      operation.operationId = operationIdOf(method, documentPath);
      if (operationIds.has(operation.operationId)) throw new Error(`Two operations named ${operation.operationId}`);
      operationIds.add(operation.operationId);
      operation.security = apiAccess(method, routePath(documentPath)) === 'PUBLIC' ? [] : [{ bearerAuth: [] }];
      const responses: Json = (operation.responses ??= {});
      const answer = JSON_ANSWERS[key] ?? FILE_ANSWERS[key];
      if (answer) responses['200'] = { description: answer.description, content: answer.content() };
      for (const status of Object.keys(responses)) if (!status.startsWith('2')) delete responses[status];
      if (key === TOKEN_ROUTE.key) {
        for (const status of TOKEN_ROUTE.statuses) {
          responses[status] = {
            description: TOKEN_ROUTE.descriptions[status],
            content: { 'application/json': { schema: ref('schemas', 'OAuthError') } },
            ...(status === 401
              ? { headers: { 'WWW-Authenticate': { schema: { type: 'string' }, description: 'Basic realm' } } }
              : {}),
          };
        }
        continue;
      }
      for (const status of refusalStatuses(key, operation, facts.get(key))) {
        responses[status] = ref('responses', responseName(status));
      }
    }
  }
  collapseSingleAnyOf(document.paths);
  collapseSingleAnyOf(document.components.schemas);
  dropUnusedComponents(document);
  return document;
}

/**
 * The options of @fastify/swagger: OpenAPI 3.1 from the routes' zod schemas, shared schemas as named components, and
 * the completion above. The document is built once, on its first request, and kept.
 */
export function swaggerOptions(apiPrefix: string): FastifyDynamicSwaggerOptions {
  registerSharedSchemas();
  const facts = new Map<string, RouteFacts>();
  const withComponents = createJsonSchemaTransformObject({});
  // Parameters stay inline: @fastify/swagger reads their properties to list them, it cannot follow a reference.
  const inline = createJsonSchemaTransform({ schemaRegistry: z.registry<{ id?: string }>() });
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Services negotiation portal API',
        version: '1.0.0',
        description:
          'Every JSON answer except POST /oauth/token is an envelope `{ payload, message? }`; a refusal is a ' +
          '`Refusal` with its HTTP status. Send the access token of POST /oauth/token as a bearer token. A path ' +
          'called with a method it does not answer is a 405 `METHOD_NOT_ALLOWED` whose Allow header lists those it does.',
      },
      servers: [{ url: apiPrefix }],
    },
    transform: (input) => {
      const { route, url } = input;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const path = url.startsWith(apiPrefix) ? url.slice(apiPrefix.length) : url;
      const consumes = (route.schema as Json | undefined)?.consumes as string[] | undefined;
      for (const method of methods) {
        facts.set(`${method} ${path}`, {
          rateLimited: Boolean((route.config as Json | undefined)?.rateLimit),
          multipart: Boolean(consumes?.includes('multipart/form-data')),
        });
      }
      const named = jsonSchemaTransform(input) as { schema: Json; url: string };
      const plain = inline(input) as { schema: Json; url: string };
      for (const part of ['params', 'querystring', 'headers']) {
        if (plain.schema?.[part]) named.schema[part] = plain.schema[part];
      }
      return named;
    },
    transformObject: (input) => completeDocument(withComponents(input) as Json, facts) as never,
  };
}

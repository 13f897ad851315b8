import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import type { RecordedAnswer } from '../src/app.js';

type Json = Record<string, any>;

/** One answer that the OpenAPI document does not allow, in words for the test's failure. */
export interface ContractBreach {
  answer: string;
  problem: string;
}

const API = '/api';
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * Checks real answers against the OpenAPI document the app serves: the status must be one the operation declares,
 * and a JSON body must match that status's schema (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses). One checker per
 * document; schemas are compiled the first time an answer needs them.
 */
export class ContractChecker {
  private readonly ajv: InstanceType<typeof Ajv2020>;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: Json) {
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
    addFormats.default(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema(document, 'openapi');
  }

  check(answer: RecordedAnswer): ContractBreach | undefined {
    if (!answer.route.startsWith(`${API}/`) || answer.route.startsWith(`${API}/docs`)) return undefined;
    const path = answer.route.slice(API.length).replace(/:(\w+)/g, '{$1}');
    const method = answer.method === 'HEAD' ? 'get' : answer.method.toLowerCase();
    const operation = this.document.paths?.[path]?.[method];
    const label = `${answer.method} ${answer.route} → ${answer.status}`;
    if (!operation) return { answer: label, problem: 'the operation is not in the document' };
    let response = operation.responses?.[String(answer.status)];
    if (!response) return { answer: label, problem: 'this status is not declared' };
    let location = pointer('paths', path, method, 'responses', String(answer.status));
    if (response.$ref) {
      location = response.$ref.slice(2);
      response = this.document.components.responses[response.$ref.split('/').pop()];
    }
    if (answer.method === 'HEAD' || answer.body === undefined) return undefined;
    if (!response.content?.['application/json']) {
      return answer.json ? { answer: label, problem: 'a JSON body where the document declares none' } : undefined;
    }
    if (!answer.json) return undefined;
    const schemaRef = `openapi#/${location}/content/${pointer('application/json')}/schema`;
    let validate = this.validators.get(schemaRef);
    if (!validate) {
      validate = this.ajv.compile({ $ref: schemaRef });
      this.validators.set(schemaRef, validate);
    }
    if (validate(answer.body)) return undefined;
    const [first] = validate.errors ?? [];
    return { answer: label, problem: `body: ${first?.instancePath || '/'} ${first?.message ?? 'does not match'}` };
  }
}

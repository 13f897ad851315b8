import { DOCUMENT_CONTENT_TYPES } from '@portal/shared';

type Json = Record<string, any>;

/** A 200 the route writes itself (no Fastify response schema), declared in the document only. */
export interface DocumentedAnswer {
  description: string;
  content: () => Json;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const binary = { type: 'string', format: 'binary' };
const files = (...types: string[]) => Object.fromEntries(types.map((type) => [type, { schema: binary }]));
const envelope = (payload: Json) => ({
  'application/json': {
    schema: {
      type: 'object',
      required: ['payload'],
      properties: { payload, message: { type: 'string' } },
    },
  },
});
const component = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** A workbook inside the JSON envelope, for the web app (encoding=base64). */
const base64File = {
  type: 'object',
  required: ['fileName', 'contentType', 'base64'],
  properties: { fileName: { type: 'string' }, contentType: { type: 'string' }, base64: { type: 'string' } },
};

/**
 * Schemas of the answers below that the shared package types as TypeScript interfaces only (the service tree is
 * recursive, so it is a component its nodes refer to).
 */
export const ANSWER_SCHEMAS: Json = {
  ServiceNode: {
    type: 'object',
    description: 'A node of a service tree (W/120, CPC Prov or CPC 2.1), its children nested.',
    required: ['title', 'value', 'key', 'children', 'cpcCodes', 'provisionalCodes', 'level'],
    properties: {
      title: { type: 'string' },
      value: { type: 'string', description: 'The code in its own scheme: 1.A.a, 8671, 8321.' },
      key: { type: 'string', description: 'Unique across schemes: W120:1.A.a, CPC_PROV:8671, CPC21:8321.' },
      children: { type: 'array', items: component('ServiceNode') },
      cpcCodes: { type: 'array', items: { type: 'string' } },
      provisionalCodes: { type: 'array', items: { type: 'string' } },
      level: { type: 'integer' },
      added: { type: 'boolean' },
      group: { type: 'string' },
    },
  },
  SectorGroup: {
    type: 'object',
    required: ['prefix', 'label', 'titles'],
    properties: {
      prefix: { type: 'string' },
      label: { type: 'string' },
      titles: {
        type: 'object',
        required: ['en', 'fr', 'ar'],
        properties: { en: { type: 'string' }, fr: { type: 'string' }, ar: { type: 'string' } },
      },
    },
  },
};

const translated: DocumentedAnswer = {
  description: 'The offer document translated (nothing is stored), with a note on what was translated.',
  content: () =>
    envelope({ type: 'object', required: ['translation'], properties: { translation: { type: 'object' } } }),
};

/** JSON answers of routes that write them with plain JSON.stringify or send them already encoded. */
export const JSON_ANSWERS: Record<string, DocumentedAnswer> = {
  'GET /arrays': {
    description: 'The service tree of the scheme, in the language asked.',
    content: () => envelope({ type: 'array', items: component('ServiceNode') }),
  },
  'GET /arrays-filter': {
    description: 'The nodes matching the service, with their ancestors.',
    content: () => envelope({ type: 'array', items: component('ServiceNode') }),
  },
  'GET /sector-groups': {
    description: 'The sector groups of W/120.',
    content: () => envelope({ type: 'array', items: component('SectorGroup') }),
  },
  'POST /add-services': {
    description: 'The service added.',
    content: () =>
      envelope({
        type: 'object',
        required: ['scheme', 'value', 'title', 'parent'],
        properties: {
          scheme: { type: 'string' },
          value: { type: 'string' },
          title: { type: 'string' },
          parent: { type: 'string' },
        },
      }),
  },
  'POST /offers/offerBycountriesConditional': {
    description: 'The latest submitted offer of each country named, side by side.',
    content: () => envelope({ type: 'array', items: { type: 'object' } }),
  },
  'POST /offers/translateOffer': translated,
  'POST /offers/translateOfferById': translated,
  'POST /gats/import': {
    description: 'What the import did.',
    content: () => envelope(component('GatsImportReport')),
  },
};

/** Files: exports, images, downloads. */
export const FILE_ANSWERS: Record<string, DocumentedAnswer> = {
  'GET /users/export': { description: 'The users as CSV or XLSX.', content: () => files('text/csv', XLSX) },
  'GET /account-ms/logs/export': { description: 'The log as CSV or XLSX.', content: () => files('text/csv', XLSX) },
  'GET /home/logo/:key': {
    description: 'The logo image.',
    content: () => files('image/png', 'image/jpeg', 'image/svg+xml'),
  },
  'GET /cms/image/:key': { description: 'The image as uploaded.', content: () => files('image/*') },
  'GET /file/aws/download/:file': {
    description: 'The file as uploaded, with its own content type.',
    content: () => files('application/octet-stream'),
  },
  'GET /offers/:id/export': {
    description: 'The offer as a PDF, DOCX or XLSX document.',
    content: () => files(...Object.values(DOCUMENT_CONTENT_TYPES)),
  },
  'GET /offers/:id/compare/export': {
    description: 'The comparison of two versions as a PDF.',
    content: () => files(DOCUMENT_CONTENT_TYPES.pdf),
  },
  'GET /response-offer/:id/export': {
    description: 'The counter offer as a PDF, DOCX or XLSX document.',
    content: () => files(...Object.values(DOCUMENT_CONTENT_TYPES)),
  },
  'GET /coverage': {
    description: 'The coverage (format=json), or the workbook (format=xlsx; encoding=base64: inside the envelope).',
    content: () => ({
      ...files(XLSX),
      'application/json': {
        schema: {
          anyOf: [
            envelope(component('Coverage'))['application/json'].schema,
            envelope(base64File)['application/json'].schema,
          ],
        },
      },
    }),
  },
  'POST /gats/export': {
    description: 'The workbook (?encoding=base64: inside the JSON envelope, for the web app).',
    content: () => ({
      ...files(XLSX),
      ...envelope({
        ...base64File,
        required: [...base64File.required, 'rows'],
        properties: { ...base64File.properties, rows: { type: 'integer' } },
      }),
    }),
  },
};

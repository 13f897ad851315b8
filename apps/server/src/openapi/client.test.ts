import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import openapiTS, { astToString } from 'openapi-typescript';
import { startTestApp, type TestApp } from '../../test/harness.js';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

// What a client generated from the served document gives its users (openapi-typescript + openapi-fetch, as a
// partner's integration would): a refusal typed with its code, not `never`.
const SNIPPET = `
import createClient from 'openapi-fetch';
import type { paths } from './api';

const client = createClient<paths>({ baseUrl: 'https://portal.example.org/api' });

export async function offerOrCode(id: string): Promise<string> {
  const { data, error } = await client.GET('/offers/{id}', { params: { path: { id } } });
  if (error) {
    // The refusal's code is the catalogue's union, so a code the API does not have is a type error.
    const code: typeof error.code = 'NOT_FOUND';
    // @ts-expect-error not a code of the API
    const unknown: typeof error.code = 'NO_SUCH_CODE';
    return error.code === code ? error.message : String(unknown);
  }
  return data.payload.id;
}

export async function tokenError(): Promise<string | undefined> {
  const { error } = await client.POST('/oauth/token', { body: {} as never });
  return error?.error_description;
}
`;

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await startTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-client-'));
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a client generated from the document', () => {
  it('type-checks, and reads a typed refusal code', async () => {
    const document = t.app.swagger() as Parameters<typeof openapiTS>[0];
    fs.writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(document)));
    fs.writeFileSync(path.join(dir, 'snippet.ts'), SNIPPET);
    const program = ts.createProgram([path.join(dir, 'snippet.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  });
});

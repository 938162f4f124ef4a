import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from './helpers/fixtures.ts';
import { readOpenApiDocument } from './helpers/openapi-document.ts';
import { ADMIN_PASSWORD, startTestApp, type TestContext } from './helpers/test-app.ts';

/**
 * What a client developer does with the document: openapi-typescript generates its types,
 * openapi-fetch calls the API with them, by the operations' names.
 */
const CLIENT = `
import createClient from 'openapi-fetch';
import type { operations, paths } from './api.ts';

type Events = operations['listEvents']['responses'][200]['content']['application/json']['data'];
type AccessToken = operations['signIn']['responses'][200]['content']['application/json']['access_token'];

export async function signInAndListEvents(
  baseUrl: string,
  username: string,
  password: string,
): Promise<Events> {
  const api = createClient<paths>({ baseUrl });
  const token = await api.POST('/api/token', { body: { grant_type: 'password', username, password } });
  if (!token.data) throw new Error('POST /api/token: ' + JSON.stringify(token.error));
  const accessToken: AccessToken = token.data.access_token;
  const events = await api.GET('/api/events/list', {
    headers: { authorization: 'Bearer ' + accessToken },
  });
  if (!events.data) throw new Error('GET /api/events/list: ' + JSON.stringify(events.error));
  return events.data.data;
}
`;

/** The TypeScript compiler's complaints about `file`, strict like the repository's own code. */
function typeErrors(file: string): string {
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  return ts.formatDiagnostics(ts.getPreEmitDiagnostics(program), {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => dirname(file),
    getNewLine: () => '\n',
  });
}

let t: TestContext;
let baseUrl: string;
let dir: string;
beforeAll(async () => {
  t = await startTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dir = await mkdtemp(join(tmpdir(), 'balcao-openapi-client-'));
  // The generated client resolves openapi-fetch as it would in the developer's project.
  const modules = dirname(
    dirname(createRequire(import.meta.url).resolve('openapi-fetch/package.json')),
  );
  await symlink(modules, join(dir, 'node_modules'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a client generated from GET /api/openapi.json', () => {
  it('compiles, and signs in and reads the events by the operations of the document', async () => {
    await createEvent(t.db, { name: 'Congresso do Cliente Gerado' });
    const types = astToString(await openapiTS(await readOpenApiDocument<OpenAPI3>(t)));
    await writeFile(join(dir, 'api.ts'), types);
    const client = join(dir, 'client.ts');
    await writeFile(client, CLIENT);
    expect(typeErrors(client)).toBe('');

    const { signInAndListEvents } = (await import(client)) as {
      signInAndListEvents(
        baseUrl: string,
        user: string,
        password: string,
      ): Promise<{ name: string }[]>;
    };
    const events = await signInAndListEvents(baseUrl, t.config.adminUser, ADMIN_PASSWORD);
    expect(events.map((event) => event.name)).toContain('Congresso do Cliente Gerado');
  }, 60_000); // generating and compiling the types of a 0.6 MB document take seconds
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../src/http/openapi-operations.ts';
import { operationKey } from '../src/http/openapi.ts';
import { readOpenApiDocument } from './helpers/openapi-document.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  responses: Record<string, { content?: Record<string, unknown> }>;
}

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the operations of the OpenAPI document (src/http/openapi-operations.ts)', () => {
  it('has one entry per /api route: a new route must be named there, a removed one dropped', () => {
    const routes = t.app.routeAccess
      .filter((route) => route.url !== '/api/openapi.json')
      .map((route) => operationKey(route.method, route.url));
    const missing = routes.filter((key) => !(key in OPERATIONS));
    expect(
      missing,
      'routes without an operationId and summary in apps/api/src/http/openapi-operations.ts',
    ).toEqual([]);
    const stale = Object.keys(OPERATIONS).filter((key) => !routes.includes(key));
    expect(stale, 'entries of openapi-operations.ts that match no route').toEqual([]);
  });

  it('gives every operation of the document a unique operationId, a summary and a success', async () => {
    const document = await readOpenApiDocument<{
      paths: Record<string, Record<string, Operation>>;
    }>(t);
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ at: `${method} ${path}`, operation })),
    );
    expect(operations.length).toBe(Object.keys(OPERATIONS).length);
    for (const { at, operation } of operations) {
      expect(operation.operationId, at).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(operation.summary, at).toBeTruthy();
      expect(
        Object.keys(operation.responses).filter((code) => /^2/.test(code)),
        at,
      ).not.toEqual([]);
    }
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);

    const pick = (path: string, method: string) => document.paths[path]?.[method];
    expect(pick('/api/carrinho/pagamento/{id}', 'post')).toMatchObject({
      operationId: 'payOrder',
      summary: 'Paga o pedido',
    });
    expect(pick('/api/token/revoke', 'post')?.responses).toHaveProperty('204');
    expect(pick('/api/audit/csv', 'get')?.responses['200']?.content).toHaveProperty('text/csv');
    expect(pick('/api/prints/files/{filename}', 'get')?.responses['200']?.content).toHaveProperty(
      'application/pdf',
    );
  });
});

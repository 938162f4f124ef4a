import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, TOKEN_INVALID } from '@balcao/contract';
import { issueTokens } from '../src/auth/tokens.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createUser } from './helpers/fixtures.ts';

interface Operation {
  security?: unknown[];
  'x-access'?: unknown;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const tokenOf = async (userId: number) =>
  bearer((await issueTokens(t.db, userId, t.config, t.clock.now())).accessToken);
const getDocument = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/openapi.json', headers });

describe('GET /api/openapi.json', () => {
  it('is refused without a login and to users without System', async () => {
    const anonymous = await getDocument();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(TOKEN_INVALID);
    const everythingButSystem = PERMISSIONS.filter((permission) => permission !== 'System');
    const clerk = await createUser(t.db, { permissions: everythingButSystem });
    const refused = await getDocument(await tokenOf(clerk.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'forbidden',
      error_description: 'Você não tem permissão para esta ação.',
    });
  });

  it('is served to System users, with every /api route, its access and the error shape', async () => {
    const admin = await createUser(t.db, { permissions: ['System'] });
    const response = await getDocument(await tokenOf(admin.id));
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, Operation>>;
      components: {
        securitySchemes: Record<string, unknown>;
        schemas: { Error: { required: string[] } };
      };
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });

    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
    );
    const routes = t.app.routeAccess
      .filter((route) => route.url !== '/api/openapi.json')
      .map((route) => `${route.method.toLowerCase()} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(documented.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(routes.sort());

    for (const { method, path, operation } of documented) {
      const route = t.app.routeAccess.find(
        (r) => r.method.toLowerCase() === method && r.url.replace(/:(\w+)/g, '{$1}') === path,
      );
      expect(operation['x-access'], path).toEqual(route?.access);
      expect(operation.security, path).toEqual(route?.access === 'public' ? [] : [{ bearer: [] }]);
      const error = operation.responses['4XX']?.content?.['application/json']?.schema;
      expect(error, path).toEqual({ $ref: '#/components/schemas/Error' });
    }
    expect(document.components.schemas.Error.required).toEqual(['error', 'error_description']);
  });

  it('describes the table editors by their fields, though the route validates them itself', async () => {
    const admin = await createUser(t.db, { permissions: ['System'] });
    const document = (await getDocument(await tokenOf(admin.id))).json<{
      paths: Record<
        string,
        Record<string, { requestBody: { content: Record<string, { schema: unknown }> } }>
      >;
    }>();
    const body =
      document.paths['/api/countries/insert']?.post?.requestBody.content['application/json']
        ?.schema;
    expect(body).toMatchObject({
      properties: {
        data: {
          additionalProperties: { properties: { name: { type: 'string' } }, required: ['name'] },
        },
      },
    });
  });
});

describe('GET /api/openapi.json with NODE_ENV=development', () => {
  it('is served without a login', async () => {
    const dev = await startTestApp({ config: { development: true } });
    try {
      const response = await dev.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveProperty('paths./api/health');
    } finally {
      await dev.close();
    }
  });
});

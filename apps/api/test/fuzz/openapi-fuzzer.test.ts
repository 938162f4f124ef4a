import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from '@fastify/type-provider-typebox';
import { startTestApp, type TestContext } from '../helpers/test-app.ts';
import { fuzz, looksPortuguese, type OpenApiDocument } from './openapi-fuzzer.ts';

/** The fuzzer itself: each of its checks catches a route that breaks it. */
let t: TestContext;
let baseUrl: string;

beforeAll(async () => {
  t = await startTestApp({
    extend: (app) => {
      app.get(
        '/api/fuzz-probe/:id',
        {
          config: { access: 'public' },
          schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 5 }) }) },
        },
        async (request, reply) => {
          const { id } = request.params;
          if (id === 2) return reply.status(400).send({ message: 'Bad input' });
          if (id === 3) {
            return reply
              .status(409)
              .send({ error: 'conflict', error_description: 'Resource is not available' });
          }
          if (id >= 4) throw new Error('boom');
          return { ok: true };
        },
      );
    },
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('the OpenAPI fuzzer', () => {
  it('reports 5xx, bodies out of shape, English descriptions and 2xx past x-access', async () => {
    const full = t.app.swagger() as unknown as OpenApiDocument;
    const document = { paths: { '/api/fuzz-probe/{id}': full.paths['/api/fuzz-probe/{id}']! } };
    const report = await fuzz({
      baseUrl,
      document,
      seed: 42,
      identities: [
        {
          identity: { name: 'ninguém', authorization: async () => ({}), mayCall: () => false },
          valid: 30,
          invalid: 10,
        },
      ],
    });
    const problems = report.findings.map((finding) => finding.problem);
    expect(report.operations).toBe(1);
    expect(report.requests).toBe(40);
    expect(problems).toEqual(
      expect.arrayContaining([
        'resposta 500',
        '200 para quem x-access não deixa entrar',
        'erro 400 fora do formato {error, error_description}',
        'erro 409 sem descrição em português: Resource is not available',
      ]),
    );
  });

  it('tells the API pt-BR sentences from the frameworks English ones', () => {
    expect(looksPortuguese('Você não tem permissão para esta ação.')).toBe(true);
    expect(looksPortuguese('Recurso não encontrado: GET /api/not/found.')).toBe(true);
    expect(looksPortuguese('cpf invalido')).toBe(true);
    expect(looksPortuguese("body must have required property 'data'")).toBe(false);
    expect(looksPortuguese('Unsupported Media Type')).toBe(false);
    expect(looksPortuguese('')).toBe(false);
  });
});

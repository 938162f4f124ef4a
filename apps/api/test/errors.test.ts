import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createUser, login } from './helpers/fixtures.ts';

let t: TestContext;
let accessToken: string;
beforeAll(async () => {
  t = await startTestApp({
    extend: (app) => {
      app.get('/api/test/explode', { config: { access: 'public' } }, async () => {
        throw new Error('senha do banco: hunter2 em /srv/segredo.ts');
      });
      // PostgreSQL's own deadlock error, as a transaction that lost a lock race gets it.
      app.get('/api/test/deadlock', { config: { access: 'public' } }, async () => {
        await sql`do $$ begin raise exception 'deadlock detected' using errcode = '40P01'; end $$`.execute(
          app.db,
        );
      });
    },
  });
  accessToken = (await login(t.app, await createUser(t.db, { permissions: ['Event'] })))
    .access_token;
});
afterAll(() => t.close());

const select = (payload: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/api/events/select',
    headers: { ...bearer(accessToken), 'content-type': contentType },
    payload,
  });

describe('error bodies', () => {
  it('names a missing field in pt-BR', async () => {
    const response = await select('{}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: "O campo 'id' é obrigatório.",
    });
  });

  it('names a field of the wrong type in pt-BR', async () => {
    const response = await select('{"id":"abc"}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: "O campo 'id' deve ser um número inteiro.",
    });
  });

  it('says when the body is not JSON at all', async () => {
    const response = await select('{"id": 1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'O corpo da requisição não é um JSON válido.',
    });
  });

  it('says when the body is missing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/events/select',
      headers: bearer(accessToken),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_request');
    expect(response.json().error_description).toMatch(/corpo da requisição/);
  });

  it('answers 404 not_found for an unknown /api path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nao-existe?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'not_found',
      error_description: 'Recurso não encontrado: GET /api/nao-existe.',
    });
  });

  it('hides the details of an unexpected failure', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'server_error',
      error_description: 'Erro interno do servidor.',
    });
    expect(response.body).not.toMatch(/hunter2|segredo|stack|at /);
  });

  it.runIf(process.env.BALCAO_TEST_DB === 'postgres')(
    'answers a transaction PostgreSQL aborted for a race with a pt-BR 409, not a 500',
    async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/deadlock' });
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 409,
        body: {
          error: 'conflict',
          error_description:
            'Outra operação alterou estes dados ao mesmo tempo. Nada foi gravado; tente novamente.',
        },
      });
    },
  );
});

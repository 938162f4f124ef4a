import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectedLog, startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createUser, login } from './helpers/fixtures.ts';

const { stream: logStream, lines } = collectedLog();

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ config: { logLevel: 'info' }, logStream });
  const user = await createUser(t.db, { permissions: ['Store', 'ImportParticipants'] });
  token = (await login(t.app, user)).access_token;
});
afterAll(() => t.close());

const ROUTES = ['/api/token', '/api/carrinho/atualizar/1', '/api/participants/upload'];
const DEPTHS = [2_000, 3_000, 100_000];
const JSON_TOO_DEEP = {
  error: 'invalid_request',
  error_description: 'O JSON enviado passa de 32 níveis de aninhamento.',
};

/** `{"x":[[[…]]]}` nested `depth` levels, the shape issue 23 sent. */
const nestedJson = (depth: number) => `{"x":${'['.repeat(depth)}${']'.repeat(depth)}}`;

const post = (url: string, payload: string, contentType: string, signedIn: boolean) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType, ...(signedIn ? bearer(token) : {}) },
    payload,
  });

describe('deeply nested bodies', () => {
  it.each(DEPTHS)('JSON nested %i levels is a 400 in pt-BR on every route', async (depth) => {
    for (const url of ROUTES) {
      const response = await post(url, nestedJson(depth), 'application/json', true);
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 400,
        body: JSON_TOO_DEEP,
      });
    }
    // Without a token: the public route still refuses it, the others ask for the token first.
    const anonymous = await Promise.all(
      ROUTES.map((url) => post(url, nestedJson(depth), 'application/json', false)),
    );
    expect(anonymous.map((response) => response.statusCode)).toEqual([400, 401, 401]);
    expect(anonymous[0]?.json()).toEqual(JSON_TOO_DEEP);
  });

  it.each(DEPTHS)(
    'a form field nested %i levels is a 400 quoting its name briefly',
    async (depth) => {
      for (const url of ROUTES.slice(0, 2)) {
        const response = await post(
          url,
          `a${'[x]'.repeat(depth)}=1`,
          'application/x-www-form-urlencoded',
          true,
        );
        expect(response.statusCode).toBe(400);
        const { error_description: message } = response.json<{ error_description: string }>();
        expect(message).toMatch(/^O campo 'a\[x\]\[x\].*…' passa de 6 níveis de aninhamento\.$/);
        expect(message.length).toBeLessThan(200);
      }
    },
  );

  it('keeps the nesting real bodies use, and logs no error for any of the above', async () => {
    // The body is the first level: 1 + 31 arrays is as deep as a body may go.
    const shallow = `{"username":"ninguem","password":"x","x":${'['.repeat(31)}${']'.repeat(31)}}`;
    const answer = await post('/api/token', shallow, 'application/json', false);
    expect(answer.statusCode).toBe(400); // a wrong login, not a refused body
    expect(answer.json<{ error_description: string }>().error_description).not.toBe(
      JSON_TOO_DEEP.error_description,
    );
    const log = lines.join('');
    expect(log).not.toMatch(/RangeError|Maximum call stack|"level":50/);
  });
});

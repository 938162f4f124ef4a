import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createEvent } from './helpers/fixtures.ts';
import { tableCaller, type TableCaller } from './helpers/tables.ts';

let t: TestContext;
let desk: TableCaller; // Subscription only
let manager: TableCaller; // Product
let admin: TableCaller; // System
let eventId: number;

beforeAll(async () => {
  t = await startTestApp();
  desk = await tableCaller(t, ['Subscription']);
  manager = await tableCaller(t, ['Product']);
  admin = await tableCaller(t, ['System']);
  eventId = await createEvent(t.db);
});
afterAll(() => t.close());

const expectBadRequest = (response: { statusCode: number; json: () => unknown }) => {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { error: string; error_description: string };
  expect(body.error).toBe('invalid_request');
  return body.error_description;
};

describe('odd query input on paged lists', () => {
  const lists = () => [
    { caller: desk, path: `/events/${eventId}/participants` },
    { caller: manager, path: '/products' },
    { caller: admin, path: '/users' },
  ];

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
    'sort=%s is a 400 naming the columns it can sort by',
    async (sort) => {
      for (const { caller, path } of lists()) {
        const description = expectBadRequest(await caller.select(path, `sort=${sort}`));
        expect(description).toContain(`Não é possível ordenar por '${sort}'`);
      }
    },
  );

  it.each(['start=1e20', 'start=99999999999', 'length=1e20', 'start=-1'])(
    '%s is a 400 in Portuguese',
    async (query) => {
      for (const { caller, path } of lists()) {
        const description = expectBadRequest(await caller.select(path, query));
        expect(description).toMatch(/^O campo '(start|length)' deve ser/);
      }
    },
  );

  it('a far but valid start answers an empty page', async () => {
    const response = await desk.select(`/events/${eventId}/participants`, 'start=1000000000');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: [] });
  });
});

describe('id lists', () => {
  const ids = (count: number) => Array.from({ length: count }, (_, index) => ({ id: index + 1 }));
  const postJson = (url: string, data: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: bearer(admin.token),
      payload: { data },
    });

  it("32,767 ids in a profile's or a user's permission list are a 400", async () => {
    const profile = await postJson('/api/profiles/insert', [
      { name: 'Perfil enorme', permissions: ids(32_767) },
    ]);
    expect(expectBadRequest(profile)).toBe('As permissões devem ter no máximo 1000 itens.');
    const user = await postJson('/api/users/insert', [
      {
        name: 'Usuário enorme',
        username: 'enorme',
        password1: 'senha-forte-123',
        password2: 'senha-forte-123',
        permissions: ids(32_767),
      },
    ]);
    expect(expectBadRequest(user)).toBe('As permissões devem ter no máximo 1000 itens.');
  });
});

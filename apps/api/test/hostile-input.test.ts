import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCategoryRow, ProductRow } from '@balcao/contract';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createEvent } from './helpers/fixtures.ts';
import { csv, dataUrl } from './helpers/sheets.ts';
import { sqliteIntegrity } from './helpers/sqlite-integrity.ts';
import { onlyRow, tableCaller, type TableCaller } from './helpers/tables.ts';

let t: TestContext;
let desk: TableCaller; // Subscription only
let manager: TableCaller; // Product
let admin: TableCaller; // System
let placesAdmin: TableCaller; // System, Center and Report
let eventId: number;
let categoryId: number;

beforeAll(async () => {
  t = await startTestApp();
  desk = await tableCaller(t, ['Subscription']);
  manager = await tableCaller(t, ['Product']);
  admin = await tableCaller(t, ['System']);
  placesAdmin = await tableCaller(t, ['System', 'Center', 'Report']);
  eventId = await createEvent(t.db);
  categoryId = onlyRow<ProductCategoryRow>(
    await manager.insert('/product/categories', { name: 'Livros', type: 'Produto' }),
  ).id;
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
      headers: bearer(placesAdmin.token),
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

  // Found by the OpenAPI fuzzer on PostgreSQL, whose integer ids stop at 2,147,483,647.
  it.each(['2147483648', '9007199254740993', '99999999999999999999'])(
    'id %s in a path is a 400 in Portuguese',
    async (id) => {
      for (const url of [`/api/centers/update/${id}`, `/api/carrinho/imprimir/expedicao/${id}`]) {
        const response = await t.app.inject({
          method: url.includes('imprimir') ? 'GET' : 'POST',
          url,
          headers: bearer(placesAdmin.token),
          payload: url.includes('imprimir') ? undefined : { data: { [id]: { name: 'x' } } },
        });
        expect(expectBadRequest(response)).toBe(
          "O campo 'id' deve ser menor ou igual a 2147483647.",
        );
      }
    },
  );

  // Also the fuzzer's: the validator coerces the text "1e309" to Infinity and skips the limits.
  it.each([
    ['GET', '/api/attendance/select?eventId=1e309', undefined],
    ['GET', '/api/carrinho/info/1e309', undefined],
    ['GET', '/api/carrinho/info/-1e309', undefined],
    ['POST', '/api/events/select', { id: '1e309' }],
  ] as const)('%s %s with Infinity is a 400 in Portuguese', async (method, url, payload) => {
    const response = await t.app.inject({
      method,
      url,
      headers: bearer(placesAdmin.token),
      payload,
    });
    expect(expectBadRequest(response)).toMatch(
      /^(O número enviado é grande demais\.|O campo 'id' deve ser maior ou igual a 1\.)$/,
    );
  });

  it.each([2_147_483_648, 999_999_999_999_999])(
    'a referenced id %s in an editor is a field error, not a database error',
    async (id) => {
      const center = await postJson('/api/centers/insert', [{ name: 'Núcleo', city: id }]);
      expect(expectBadRequest(center)).toBe('Valor inválido para a cidade.');
      const user = await postJson('/api/users/insert', [
        {
          name: 'Usuário',
          username: `perfil-${id}`,
          password1: 'senha-forte-123',
          password2: 'senha-forte-123',
          profiles: [id],
        },
      ]);
      expect(expectBadRequest(user)).toBe('Valor inválido para os perfis.');
    },
  );
});

describe('stored values stay valid', () => {
  const product = (fields: Record<string, string>) =>
    manager.insert('/products', { name: 'Caneta', 'category][id': String(categoryId), ...fields });
  const productJson = (row: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/products/insert',
      headers: bearer(manager.token),
      payload: { data: [{ category: { id: categoryId }, ...row }] },
    });

  it('a price of 400 nines, 1e300 or above R$ 1.000.000,00 is a 400', async () => {
    const tooBig = 'O preço deve ser no máximo R$ 1.000.000,00.';
    expect(expectBadRequest(await product({ price: '9'.repeat(400) }))).toBe(tooBig);
    expect(expectBadRequest(await product({ price: '1000000,01' }))).toBe(tooBig);
    expect(expectBadRequest(await productJson({ name: 'Lápis', price: 1e300 }))).toBe(tooBig);
    expect(expectBadRequest(await productJson({ name: 'Lápis', price: 0.001 }))).toBe(
      'O preço deve ser um valor em reais.',
    );
    const top = onlyRow<ProductRow>(await product({ name: 'Teto', price: '1.000.000,00' }));
    expect(top.price).toBe(1_000_000);
  });

  const postJson = (caller: TableCaller, path: string, row: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api${path}/insert`,
      headers: bearer(caller.token),
      payload: { data: [row] },
    });

  it('an imported price above R$ 1.000.000,00 is a failed line, never stored', async () => {
    const importer = await tableCaller(t, ['ImportProducts']);
    const huge = '9'.repeat(400);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/produtos/upload',
      headers: bearer(importer.token),
      payload: {
        sheet: dataUrl(
          csv(
            'PRODUTO;NOME;VENDA FEBRACIS;CATEGORIA;ESTOQUE',
            `Produto;Caro;${huge};Livros;1`,
            'Produto;Caríssimo;1000000,01;Livros;1',
          ),
        ),
      },
    });
    expect(response.json()).toMatchObject({
      fails: [
        { line: 2, error: `Preço inválido em VENDA FEBRACIS: ${huge}` },
        { line: 3, error: 'Preço inválido em VENDA FEBRACIS: 1000000,01' },
      ],
      created: 0,
    });
  });

  it.each([
    ['a NUL', 'X\u0000Y'],
    ['a lone surrogate', 'X\ud800Y'],
    ['a lone low surrogate', 'X\udc00'],
  ])('a name with %s is a 400 (JSON, and forms where it can be encoded)', async (_, name) => {
    const responses = [
      await productJson({ name, price: 1 }),
      await postJson(manager, '/product/categories', { name, type: 'Produto' }),
      await postJson(admin, '/countries', { name }),
    ];
    // A form body is percent-encoded UTF-8: of these, only the NUL can travel in it.
    if (name.includes('\u0000')) {
      responses.push(
        await product({ name, price: '1,00' }),
        await manager.insert('/product/categories', { name, type: 'Curso' }),
        await manager.select('/products', `search=${encodeURIComponent(name)}`),
      );
    }
    for (const response of responses) {
      expect(expectBadRequest(response)).toBe('O texto enviado contém caracteres inválidos.');
    }
  });

  it('emoji and accents are stored as typed', async () => {
    const row = onlyRow<ProductRow>(await product({ name: 'Açaí 🍇', price: '2,50' }));
    expect(row.name).toBe('Açaí 🍇');
  });

  it("leaves the SQLite file whole for SQLite's integrity check", () => {
    const file = t.config.databaseUrl.startsWith('sqlite:')
      ? t.config.databaseUrl.slice('sqlite:'.length)
      : undefined;
    if (!file) return; // PostgreSQL refuses invalid text itself
    expect(sqliteIntegrity(file)).toBe('ok');
  });
});

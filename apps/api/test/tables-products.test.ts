import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ProductCategoryRow,
  ProductRow,
  SaleProduct,
  TableListResponse,
} from '@balcao/contract';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createUser, login } from './helpers/fixtures.ts';
import { form, onlyRow, tableCaller, type TableCaller } from './helpers/tables.ts';

let t: TestContext;
let manager: TableCaller; // Product
let admin: TableCaller; // System
let seller: TableCaller; // Store
let booksId: number;
let coursesId: number;

beforeAll(async () => {
  t = await startTestApp();
  manager = await tableCaller(t, ['Product']);
  admin = await tableCaller(t, ['System']);
  seller = await tableCaller(t, ['Store']);
  booksId = onlyRow<ProductCategoryRow>(
    await manager.insert('/product/categories', { name: 'Livros', type: 'Produto' }),
  ).id;
  coursesId = onlyRow<ProductCategoryRow>(
    await manager.insert('/product/categories', { name: 'Imersões', type: 'Curso' }),
  ).id;
});
afterAll(() => t.close());

const newProduct = async (fields: Record<string, string>): Promise<ProductRow> =>
  onlyRow<ProductRow>(
    await manager.insert('/products', {
      'category][id': String(booksId),
      price: '10.00',
      ...fields,
    }),
  );

describe('product categories', () => {
  it('creates, edits, lists and removes; System may write too', async () => {
    const created = onlyRow<ProductCategoryRow>(
      await admin.insert('/product/categories', { name: 'Camisetas', type: 'Produto' }),
    );
    expect(created).toMatchObject({ name: 'Camisetas', type: 'Produto' });
    const edited = onlyRow<ProductCategoryRow>(
      await manager.update('/product/categories', created.id, { type: 'Curso' }),
    );
    expect(edited).toMatchObject({ name: 'Camisetas', type: 'Curso' });
    const { data } = (await admin.select('/product/categories')).json<{
      data: ProductCategoryRow[];
    }>();
    expect(data.map((row) => row.name)).toContain('Camisetas');
    expect((await manager.remove('/product/categories', created.id)).statusCode).toBe(200);
  });

  it('validates name and type', async () => {
    const response = await manager.insert('/product/categories', {
      name: 'livros',
      type: 'Serviço',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { name: 'name', status: 'Já existe uma categoria com este nome.' },
      { name: 'type', status: 'O tipo deve ser um destes valores: Produto, Curso.' },
    ]);
  });

  it('refuses to remove a category with products (409)', async () => {
    await newProduct({ name: 'Livro preso' });
    const response = await manager.remove('/product/categories', booksId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error_description).toBe(
      'Esta categoria tem produtos cadastrados e não pode ser removida.',
    );
  });

  it('needs Product or System to write', async () => {
    expect(
      (await seller.insert('/product/categories', { name: 'X', type: 'Produto' })).statusCode,
    ).toBe(403);
    expect((await seller.select('/product/categories')).statusCode).toBe(403);
  });
});

describe('products', () => {
  it('creates with price in reais (R$ 1.234,56 too) and an initial inventory, recorded as a movement', async () => {
    const product = await newProduct({
      name: 'Caderno',
      price: 'R$ 1.234,56',
      initialInventory: '12',
      codTotvs: 'TOT-1',
      inventory: '999',
    });
    expect(product).toMatchObject({
      name: 'Caderno',
      category: { id: booksId, name: 'Livros', type: 'Produto' },
      price: 1234.56,
      inventory: 12,
      codTotvs: 'TOT-1',
    });
    const movements = await t.db
      .selectFrom('stock_movements')
      .selectAll()
      .where('product_id', '=', product.id)
      .execute();
    expect(movements).toMatchObject([
      { delta: 12, inventory_after: 12, reason: 'Estoque inicial', user_id: manager.userId },
    ]);
  });

  it('adjusts inventory by a signed delta on edit, never by writing it', async () => {
    const product = await newProduct({ name: 'Caneta', initialInventory: '5' });
    const up = onlyRow<ProductRow>(
      await manager.update('/products', product.id, { adjustInventory: '+3', inventory: '100' }),
    );
    expect(up.inventory).toBe(8);
    const down = onlyRow<ProductRow>(
      await manager.update('/products', product.id, { adjustInventory: '-8', price: '2,50' }),
    );
    expect(down).toMatchObject({ inventory: 0, price: 2.5 });
    const below = await manager.update('/products', product.id, {
      adjustInventory: '-1',
      name: 'Não muda',
    });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toEqual({
      error: 'conflict',
      error_description: 'Estoque insuficiente: o ajuste deixaria o estoque do produto negativo.',
    });
    const { data } = (await manager.select('/products', `search=Caneta`)).json<{
      data: ProductRow[];
    }>();
    expect(data[0]).toMatchObject({ name: 'Caneta', inventory: 0 }); // the whole edit rolled back
    const reasons = await t.db
      .selectFrom('stock_movements')
      .select(['delta', 'inventory_after', 'reason'])
      .where('product_id', '=', product.id)
      .orderBy('id')
      .execute();
    expect(reasons).toEqual([
      { delta: 5, inventory_after: 5, reason: 'Estoque inicial' },
      { delta: 3, inventory_after: 8, reason: 'Ajuste manual' },
      { delta: -8, inventory_after: 0, reason: 'Ajuste manual' },
    ]);
  });

  it('refuses, with a 400 naming the limit, stock past 1.000.000.000 units', async () => {
    const product = await newProduct({ name: 'Clipes', initialInventory: '1000000000' });
    const above = await manager.update('/products', product.id, { adjustInventory: '+1' });
    expect({ status: above.statusCode, body: above.json() }).toEqual({
      status: 400,
      body: {
        error: 'invalid_request',
        error_description: 'O estoque do produto não pode passar de 1.000.000.000 unidades.',
      },
    });
    const down = onlyRow<ProductRow>(
      await manager.update('/products', product.id, { adjustInventory: '-1' }),
    );
    expect(down.inventory).toBe(999_999_999);
  });

  it('never goes negative under concurrent adjustments', async () => {
    const product = await newProduct({ name: 'Disputado', initialInventory: '5' });
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        manager.update('/products', product.id, { adjustInventory: '-1' }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(5);
    expect(codes.filter((code) => code === 409)).toHaveLength(7);
    const row = await t.db
      .selectFrom('products')
      .select('inventory')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row.inventory).toBe(0);
    const moves = await t.db
      .selectFrom('stock_movements')
      .select('id')
      .where('product_id', '=', product.id)
      .execute();
    expect(moves).toHaveLength(6); // the initial stock and five sales of one
  });

  it('validates fields, with initialInventory only on create and adjustInventory only on edit', async () => {
    const response = await manager.insert('/products', {
      name: '',
      'category][id': '',
      price: 'dez',
      initialInventory: '-1',
      adjustInventory: '50',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { name: 'name', status: 'Informe o nome.' },
      { name: 'category', status: 'Informe a categoria.' },
      { name: 'price', status: 'O preço deve ser um valor em reais.' },
      { name: 'initialInventory', status: 'O estoque inicial deve ser maior ou igual a 0.' },
    ]);
    const product = await newProduct({ name: 'Borracha', initialInventory: '1' });
    const edit = onlyRow<ProductRow>(
      await manager.update('/products', product.id, { initialInventory: '40' }),
    );
    expect(edit.inventory).toBe(1);
    const bad = await manager.update('/products', product.id, { adjustInventory: '1.5' });
    expect(bad.json().fieldErrors).toEqual([
      { name: 'adjustInventory', status: 'O ajuste de estoque deve ser um número inteiro.' },
    ]);
  });

  it('keeps codTotvs unique when present', async () => {
    await newProduct({ name: 'Sem código A' });
    await newProduct({ name: 'Sem código B', codTotvs: '' });
    await newProduct({ name: 'Com código', codTotvs: 'ABC' });
    const clash = await manager.insert('/products', {
      name: 'Outro',
      'category][id': String(booksId),
      price: '1',
      codTotvs: 'abc',
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().fieldErrors).toEqual([
      { name: 'codTotvs', status: 'Já existe um produto com este código Totvs.' },
    ]);
  });

  it('removes a product with its movements, and answers 404 afterwards', async () => {
    const product = await newProduct({ name: 'Efêmero', initialInventory: '3' });
    expect((await manager.remove('/products', product.id)).statusCode).toBe(200);
    const again = await manager.update('/products', product.id, { name: 'X' });
    expect(again.statusCode).toBe(404);
    expect(again.json().error_description).toBe('Produto não encontrado.');
  });

  it('needs Product to write; 401 without a token', async () => {
    expect((await seller.insert('/products', { name: 'X' })).statusCode).toBe(403);
    expect((await seller.select('/products')).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/products/select' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('products paging, search and sort', () => {
  beforeAll(async () => {
    for (let n = 1; n <= 30; n++) {
      await newProduct({
        name: `Lote ${String(n).padStart(2, '0')}`,
        price: String(31 - n),
        codTotvs: `L-${n}`,
      });
    }
  });

  const page = async (query: string) => {
    const response = await manager.select('/products', query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TableListResponse<ProductRow>>();
  };

  it('pages with counts and sorts by price', async () => {
    const result = await page('start=0&length=5&search=lote&sort=price&dir=asc');
    expect(result.recordsFiltered).toBe(30);
    expect(result.recordsTotal).toBeGreaterThan(30);
    expect(result.data.map((row) => row.price)).toEqual([1, 2, 3, 4, 5]);
    const last = await page('start=25&length=10&search=lote&sort=name&dir=asc');
    expect(last.data.map((row) => row.name)).toEqual([
      'Lote 26',
      'Lote 27',
      'Lote 28',
      'Lote 29',
      'Lote 30',
    ]);
  });

  it('searches the Totvs code and the category name', async () => {
    expect((await page('search=l-17')).data.map((row) => row.name)).toEqual(['Lote 17']);
    const courses = await page('search=imers');
    expect(courses.recordsFiltered).toBe(0);
  });

  it('answers the first 100 rows without length', async () => {
    const result = await page('');
    expect(result.data.length).toBe(Math.min(100, result.recordsTotal ?? 0));
  });
});

describe('produtos/lista', () => {
  it('lists products in the sale shape for store and cashier permissions', async () => {
    await newProduct({ name: 'Vendável', price: '7,90', codTotvs: 'V-1', initialInventory: '2' });
    await manager.insert('/products', {
      name: 'Imersão X',
      'category][id': String(coursesId),
      price: '100',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/produtos/lista',
      headers: bearer(seller.token),
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: SaleProduct[] }>();
    expect(data.find((row) => row.name === 'Vendável')).toEqual({
      id: expect.any(Number),
      name: 'Vendável',
      descricao: 'Vendável',
      preco: 7.9,
      categoria: 'Produto',
      codTotvs: 'V-1',
      inventory: 2,
    });
    expect(data.find((row) => row.name === 'Imersão X')?.categoria).toBe('Curso');

    const cashier = await tableCaller(t, ['Checkout']);
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/produtos/lista',
      headers: bearer(cashier.token),
    });
    expect(allowed.statusCode).toBe(200);
    const reporter = await tableCaller(t, ['Report']);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/produtos/lista',
      headers: bearer(reporter.token),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('limits a seller with product categories to those categories', async () => {
    const user = await createUser(t.db, { permissions: ['Store'] });
    await t.db
      .insertInto('user_product_categories')
      .values({ user_id: user.id, category_id: coursesId })
      .execute();
    const { access_token } = await login(t.app, user);
    const { data } = (
      await t.app.inject({
        method: 'GET',
        url: '/api/produtos/lista',
        headers: bearer(access_token),
      })
    ).json<{ data: SaleProduct[] }>();
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((row) => row.categoria === 'Curso')).toBe(true);
  });
});

describe('form encoding of money and JSON numbers', () => {
  it('reads 12.50, 12,50 and a JSON 12.5 the same', async () => {
    const a = await newProduct({ name: 'Preço A', price: '12.50' });
    const b = await newProduct({ name: 'Preço B', price: '12,50' });
    const c = onlyRow<ProductRow>(
      await t.app.inject({
        method: 'POST',
        url: '/api/products/insert',
        headers: bearer(manager.token),
        payload: { data: [{ name: 'Preço C', category: { id: booksId }, price: 12.5 }] },
      }),
    );
    expect([a.price, b.price, c.price]).toEqual([12.5, 12.5, 12.5]);
    expect(form({ x: 'y' })).toBe('x=y');
  });
});

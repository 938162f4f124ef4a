import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createEvent, createUser, login } from './helpers/fixtures.ts';
import { XLSX_MIME, csv, dataUrl, xlsx } from './helpers/sheets.ts';

let t: TestContext;
let token: string;
let eventId: number;

const HEADER = 'PRODUTO;NOME;VENDA FEBRACIS;CATEGORIA;ESTOQUE;CODIGO TOTVS';

beforeAll(async () => {
  t = await startTestApp();
  const user = await createUser(t.db, { permissions: ['ImportProducts'] });
  token = (await login(t.app, user)).access_token;
  eventId = await createEvent(t.db);
});
afterAll(() => t.close());

const upload = (sheet: string, as = token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/produtos/upload',
    headers: bearer(as),
    payload: { sheet, eventId },
  });

const products = () =>
  t.db
    .selectFrom('products')
    .innerJoin('product_categories', 'product_categories.id', 'products.category_id')
    .select([
      'products.id',
      'products.name',
      'products.price_cents',
      'products.inventory',
      'products.cod_totvs',
      'products.date_updated',
      'product_categories.name as category',
      'product_categories.type',
    ])
    .orderBy('products.id')
    .execute();

const movements = () =>
  t.db
    .selectFrom('stock_movements')
    .select(['product_id', 'delta', 'inventory_after', 'reason'])
    .orderBy('id')
    .execute();

describe('POST /api/produtos/upload', () => {
  const file = csv(
    HEADER,
    'Produto;Livro A;R$ 49,90;Livros;10;L001',
    'Curso;Imersão X;1500.5;Imersões;;C001',
    'produto;Caneca;R$12;Brindes;5;',
    'Serviço;Consultoria;1;Serviços;1;',
    'Produto;Livro B;abc;Livros;1;L002',
    'Produto;Livro C;10;imersões;1;L003',
    'Produto;Livro D;10;Livros;-3;L004',
    'Produto;Livro A2;10;Livros;1;L001',
    'Produto;;;;;',
  );

  it('creates products and categories, prices in reais, stock through movements', async () => {
    const response = await upload(dataUrl(file));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      fails: [
        { line: 5, error: 'PRODUTO deve ser Produto ou Curso: Serviço' },
        { line: 6, error: 'Preço inválido em VENDA FEBRACIS: abc' },
        { line: 7, error: 'A categoria imersões é do tipo Curso, não Produto' },
        {
          line: 8,
          error: 'Estoque inválido: -3 (use um número inteiro a partir de 0)',
        },
        { line: 9, error: 'Produto repetido na planilha (já informado na linha 2)' },
        {
          line: 10,
          error:
            'Nome do produto não informado; Preço (VENDA FEBRACIS) não informado; Categoria não informada',
        },
      ],
      created: 3,
      updated: 0,
      unchanged: 0,
    });
    expect(await products()).toMatchObject([
      {
        name: 'Livro A',
        price_cents: 4990,
        inventory: 10,
        cod_totvs: 'L001',
        category: 'Livros',
        type: 'Produto',
      },
      {
        name: 'Imersão X',
        price_cents: 150050,
        inventory: 0,
        cod_totvs: 'C001',
        category: 'Imersões',
        type: 'Curso',
      },
      {
        name: 'Caneca',
        price_cents: 1200,
        inventory: 5,
        cod_totvs: null,
        category: 'Brindes',
        type: 'Produto',
      },
    ]);
    expect(await movements()).toMatchObject([
      { delta: 10, inventory_after: 10, reason: 'Estoque inicial (importação)' },
      { delta: 5, inventory_after: 5, reason: 'Estoque inicial (importação)' },
    ]);
    const categories = await t.db.selectFrom('product_categories').select('name').execute();
    expect(categories.map((row) => row.name).sort()).toEqual(['Brindes', 'Imersões', 'Livros']);
  });

  it('changes nothing when the same file comes again', async () => {
    const before = await products();
    t.clock.advance(3600);
    const response = await upload(dataUrl(file));
    expect(response.json()).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(response.json().fails).toHaveLength(6);
    expect(await products()).toEqual(before);
    expect(await movements()).toHaveLength(2);
  });

  it('sets ESTOQUE through a movement only when it differs; matches by code, else by name', async () => {
    t.clock.advance(3600);
    const changed = csv(
      'codigo totvs;estoque;Produto;Nome;Venda Febracis;Categoria',
      'L001;7;Produto;Livro A (2ª edição);49.9;Livros',
      'C001;;Curso;Imersão X;1500,50;Imersões',
      ';5;Produto;caneca;12,5;Brindes',
    );
    const response = await upload(dataUrl(changed));
    expect(response.json()).toEqual({ fails: [], created: 0, updated: 2, unchanged: 1 });
    const [livro, imersao, caneca] = await products();
    expect(livro).toMatchObject({ name: 'Livro A (2ª edição)', inventory: 7 });
    expect(livro?.date_updated).toBe(t.clock.now().toISOString());
    expect(imersao?.date_updated).not.toBe(t.clock.now().toISOString());
    expect(caneca).toMatchObject({ name: 'caneca', price_cents: 1250, inventory: 5 });
    expect((await movements()).slice(2)).toMatchObject([
      { product_id: livro?.id, delta: -3, inventory_after: 7, reason: 'Ajuste por importação' },
    ]);
  });

  it('reads .xlsx with a DESCRICAO column and numeric prices', async () => {
    const workbook = await xlsx([
      ['PRODUTO', 'DESCRICAO', 'VENDA FEBRACIS', 'CATEGORIA', 'ESTOQUE', 'CODIGO TOTVS'],
      ['Produto', 'Agenda', 19.9, 'Papelaria', 30, 90001],
      ['Curso', 'Mentoria', 'R$ 2000', 'Imersões', 0, 90002],
    ]);
    const response = await upload(dataUrl(workbook, XLSX_MIME));
    expect(response.json()).toEqual({ fails: [], created: 2, updated: 0, unchanged: 0 });
    const rows = await products();
    expect(rows.slice(-2)).toMatchObject([
      {
        name: 'Agenda',
        price_cents: 1990,
        inventory: 30,
        cod_totvs: '90001',
        category: 'Papelaria',
      },
      { name: 'Mentoria', price_cents: 200000, inventory: 0, cod_totvs: '90002', type: 'Curso' },
    ]);
  });

  it('fails the whole file at line 1 naming the missing columns', async () => {
    const response = await upload(dataUrl(csv('PRODUTO;VENDA FEBRACIS', 'Produto;10')));
    expect(response.json()).toEqual({
      fails: [
        {
          line: 1,
          error: 'Colunas obrigatórias ausentes: NOME ou DESCRICAO, CATEGORIA, ESTOQUE.',
        },
      ],
      created: 0,
      updated: 0,
      unchanged: 0,
    });
  });

  it('needs ImportProducts (403)', async () => {
    const user = await createUser(t.db, { permissions: ['Product', 'ImportParticipants'] });
    const other = (await login(t.app, user)).access_token;
    const response = await upload(dataUrl(file), other);
    expect(response.statusCode).toBe(403);
  });
});

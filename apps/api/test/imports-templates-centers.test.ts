import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { IMPORT_TEMPLATES, withCheckDigits } from '@balcao/contract';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createCenter, createEvent, createUser, login } from './helpers/fixtures.ts';
import { XLSX_MIME, csv, dataUrl } from './helpers/sheets.ts';

let t: TestContext;
let token: string;
let productsToken: string;
let eventId: number;
let centroId: number;
let fortalezaId: number;

const HEADER = 'nome;email;cpf_cnpj;pacote;situacao;nucleo_origem;business';
const cpf = (base: string) => withCheckDigits(base);

beforeAll(async () => {
  t = await startTestApp();
  const user = await createUser(t.db, { permissions: ['ImportParticipants'] });
  token = (await login(t.app, user)).access_token;
  const products = await createUser(t.db, { permissions: ['ImportProducts'] });
  productsToken = (await login(t.app, products)).access_token;
  eventId = await createEvent(t.db);
  centroId = await createCenter(t.db, 'Núcleo Centro', 1);
  fortalezaId = await createCenter(t.db, 'Núcleo FORTALEZA Aldeota', 7);
});
afterAll(() => t.close());

const upload = (url: string, sheet: string, as = token) =>
  t.app.inject({ method: 'POST', url, headers: bearer(as), payload: { sheet, eventId } });

const centerOf = async (participantCpf: string) =>
  (
    await t.db
      .selectFrom('participants')
      .select('center_id')
      .where('cpf', '=', participantCpf)
      .executeTakeFirstOrThrow()
  ).center_id;

describe('participant import: centers', () => {
  it("finds a center by its serial, '001' or '1'", async () => {
    const [a, b] = [cpf('200000001'), cpf('200000002')];
    const response = await upload(
      '/api/participants/upload',
      dataUrl(csv(HEADER, `Ana;;${a};;1;001;`, `Bia;;${b};;1;1;`)),
    );
    expect(response.json()).toEqual({ fails: [], created: 2, updated: 0, unchanged: 0 });
    expect(await centerOf(a)).toBe(centroId);
    expect(await centerOf(b)).toBe(centroId);
  });

  it('saves a line with an unknown center in the Fortaleza center, with a warning', async () => {
    const [a, b] = [cpf('200000003'), cpf('200000004')];
    const response = await upload(
      '/api/participants/upload',
      dataUrl(csv(HEADER, `Caio;;${a};;1;Marte;`, `Davi;;${b};;1;042;`, 'Sem Cpf;;1;;1;Marte;')),
    );
    expect(response.json()).toEqual({
      fails: [{ line: 4, error: 'cpf invalido' }],
      warnings: [
        {
          line: 2,
          warning: 'Núcleo não encontrado: Marte; cadastrado no núcleo Núcleo FORTALEZA Aldeota',
        },
        {
          line: 3,
          warning: 'Núcleo não encontrado: 042; cadastrado no núcleo Núcleo FORTALEZA Aldeota',
        },
      ],
      created: 2,
      updated: 0,
      unchanged: 0,
    });
    expect(await centerOf(a)).toBe(fortalezaId);
    expect(await centerOf(b)).toBe(fortalezaId);
  });
});

describe('import templates', () => {
  const template = (kind: 'participants' | 'produtos', format: string, as = token) =>
    t.app.inject({
      method: 'GET',
      url: `/api/${kind}/upload/template?format=${format}`,
      headers: bearer(as),
    });

  it('offers the participants model as CSV: the columns and an example line that imports', async () => {
    const response = await template('participants', 'csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="modelo-participantes.csv"',
    );
    const [header, example] = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'nome;email;cpf_cnpj;pacote;situacao;nucleo_origem;business;telefone;consultor',
    );
    expect(example).toContain('Maria da Silva');

    const imported = await upload('/api/participants/upload', dataUrl(response.rawPayload));
    expect(imported.json()).toEqual({ fails: [], created: 1, updated: 0, unchanged: 0 });
  });

  it('offers a real .xlsx whose cells keep their leading zeros, and it imports', async () => {
    const response = await template('participants', 'xlsx');
    expect(response.headers['content-type']).toBe(XLSX_MIME);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    const columns = IMPORT_TEMPLATES.participants.columns;
    expect(rows[0]!.slice(1)).toEqual(columns.map((c) => c.name));
    expect(rows[1]!.slice(1)).toEqual(columns.map((c) => c.example));
    expect(rows[1]).toContain('001');

    const imported = await upload(
      '/api/participants/upload',
      dataUrl(response.rawPayload, XLSX_MIME),
    );
    // Same CPF as the CSV model: already imported, nothing changes.
    expect(imported.json()).toEqual({ fails: [], created: 0, updated: 0, unchanged: 1 });
  });

  it('offers the products model in both formats, and it imports', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const response = await template('produtos', format, productsToken);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="modelo-produtos.${format}"`,
      );
      const mime = format === 'csv' ? 'text/csv' : XLSX_MIME;
      const imported = await upload(
        '/api/produtos/upload',
        dataUrl(response.rawPayload, mime),
        productsToken,
      );
      expect(imported.json().fails).toEqual([]);
    }
  });

  it('refuses an unknown format and callers without the import permission', async () => {
    expect((await template('participants', 'pdf')).statusCode).toBe(400);
    expect((await template('produtos', 'csv')).statusCode).toBe(403);
  });
});

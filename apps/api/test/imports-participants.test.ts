import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigits } from '@balcao/contract';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createCenter, createEvent, createUser, login } from './helpers/fixtures.ts';
import { XLSX_MIME, csv, dataUrl, xlsx } from './helpers/sheets.ts';

let t: TestContext;
let token: string;
let eventId: number;
let saoPauloId: number;

const CPF = {
  ana: withCheckDigits('529982247'),
  bia: withCheckDigits('111444777'),
  caio: withCheckDigits('123456789'),
  /** Starts with 0: Excel drops the zero when the column holds numbers. */
  davi: withCheckDigits('012345678'),
};
const masked = (cpf: string) =>
  `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

const HEADER = 'nome;email;cpf_cnpj;pacote;situacao;nucleo_origem;business';

beforeAll(async () => {
  t = await startTestApp();
  const user = await createUser(t.db, { permissions: ['ImportParticipants'] });
  token = (await login(t.app, user)).access_token;
  eventId = await createEvent(t.db);
  saoPauloId = await createCenter(t.db, 'São Paulo', 1);
  // Not 'Fortaleza': without the default center, an unknown center fails its line.
  await createCenter(t.db, 'Recife', 2);
});
afterAll(() => t.close());

const upload = (sheet: string, event: number = eventId, as = token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/participants/upload',
    headers: bearer(as),
    payload: { sheet, eventId: event },
  });

const participants = (event = eventId) =>
  t.db
    .selectFrom('participants')
    .selectAll()
    .where('event_id', '=', event)
    .orderBy('cpf')
    .execute();

describe('POST /api/participants/upload', () => {
  const mixed = csv(
    HEADER,
    `Ana Souza;ana@example.com;${CPF.ana};VIP;1;sao paulo;Acme`,
    'Cpf Ruim;ruim@example.com;123.456.789-00;VIP;1;São Paulo;',
    `Situação Errada;;${CPF.bia};;9;São Paulo;`,
    `Núcleo Errado;;${CPF.bia};;1;Marte;`,
    `;sem-nome@example.com;${CPF.bia};;1;;`,
    '',
    `Bia Lima;;${masked(CPF.bia)};Básico;2;RECIFE;`,
    `Ana de Novo;;${CPF.ana};;1;;`,
  );

  it('keeps the good lines and reports each bad one with its line number', async () => {
    const response = await upload(dataUrl(mixed));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      fails: [
        { line: 3, error: 'cpf invalido' },
        { line: 4, error: 'Situação inválida: 9 (use 1 a 7)' },
        { line: 5, error: 'Núcleo não encontrado: Marte' },
        { line: 6, error: 'Nome não informado' },
        { line: 9, error: 'CPF repetido na planilha (já informado na linha 2)' },
      ],
      created: 2,
      updated: 0,
      unchanged: 0,
    });
    const rows = await participants();
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.cpf === CPF.ana)).toMatchObject({
      name: 'Ana Souza',
      email: 'ana@example.com',
      pacote: 'VIP',
      status: 'OK',
      status_original: '1',
      center_id: saoPauloId,
      business: 'Acme',
    });
    expect(rows.find((row) => row.cpf === CPF.bia)).toMatchObject({
      name: 'Bia Lima',
      email: null,
      status: 'PAYMENT_ERROR',
      business: null,
    });
  });

  it('changes nothing when the same file comes again: counts and dateUpdated', async () => {
    const before = await participants();
    // Desk work between imports must survive them.
    await t.db
      .updateTable('participants')
      .set({ badge: true, usual_name: 'Aninha' })
      .where('cpf', '=', CPF.ana)
      .execute();
    t.clock.advance(3600);
    const response = await upload(dataUrl(mixed));
    expect(response.json()).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(response.json().fails).toHaveLength(5);
    const after = await participants();
    expect(after.map((row) => row.date_updated)).toEqual(before.map((row) => row.date_updated));
    expect(after.find((row) => row.cpf === CPF.ana)).toMatchObject({ usual_name: 'Aninha' });
    expect(Boolean(after.find((row) => row.cpf === CPF.ana)?.badge)).toBe(true);
  });

  it('updates only the lines whose data changed', async () => {
    const before = await participants();
    t.clock.advance(3600);
    const changed = csv(
      HEADER,
      `Ana Souza;ana@example.com;${CPF.ana};VIP;1;São Paulo;Acme`,
      `Bia Lima;;${CPF.bia};Básico;1;Recife;`,
    );
    const response = await upload(dataUrl(changed));
    expect(response.json()).toEqual({ fails: [], created: 0, updated: 1, unchanged: 1 });
    const after = await participants();
    const dated = (rows: typeof after, cpf: string) =>
      rows.find((row) => row.cpf === cpf)?.date_updated;
    expect(dated(after, CPF.ana)).toBe(dated(before, CPF.ana));
    expect(dated(after, CPF.bia)).toBe(t.clock.now().toISOString());
    expect(after.find((row) => row.cpf === CPF.bia)?.status).toBe('OK');
  });

  it('reads Latin-1 (Windows-1252) files', async () => {
    const otherEvent = await createEvent(t.db);
    const text = csv(HEADER, `José Conceição;;${CPF.caio};Único;3;São Paulo;Ações “Já”`);
    // Windows-1252: Latin-1 plus the curly quotes Excel likes.
    const bytes = Buffer.from(
      [...text].map((char) => (char === '“' ? 0x93 : char === '”' ? 0x94 : char.charCodeAt(0))),
    );
    const response = await upload(dataUrl(bytes), otherEvent);
    expect(response.json()).toEqual({ fails: [], created: 1, updated: 0, unchanged: 0 });
    expect(await participants(otherEvent)).toMatchObject([
      {
        name: 'José Conceição',
        pacote: 'Único',
        status: 'FREE',
        center_id: saoPauloId,
        business: 'Ações “Já”',
      },
    ]);
  });

  it('reads UTF-8 with a BOM, column names in any case and order', async () => {
    const otherEvent = await createEvent(t.db);
    const text = csv(
      'SITUACAO; Nome ;CPF_CNPJ;E-MAIL_ignored;Email;PACOTE;NUCLEO_ORIGEM;Business',
      `4;Caio Ávila;${CPF.caio};x;caio@example.com;Prata;;`,
    );
    const response = await upload(dataUrl(`\uFEFF${text}`), otherEvent);
    expect(response.json()).toEqual({ fails: [], created: 1, updated: 0, unchanged: 0 });
    expect(await participants(otherEvent)).toMatchObject([
      { name: 'Caio Ávila', email: 'caio@example.com', status: 'BONUS', center_id: null },
    ]);
  });

  it('reads quoted fields, numbering lines as the file does', async () => {
    const otherEvent = await createEvent(t.db);
    const text = csv(
      HEADER,
      `"Eva ""Evinha"" Melo";;${CPF.ana};"VIP; com ponto e vírgula";1;;"Linha 1\nLinha 2"`,
      'Fábio;;123;;1;;',
      `"Gil;;${CPF.bia};;1;;`,
    );
    const response = await upload(dataUrl(text), otherEvent);
    expect(response.json()).toEqual({
      fails: [
        { line: 4, error: 'cpf invalido' },
        {
          line: 5,
          error: 'Aspas abertas e não fechadas: o restante do arquivo não pôde ser lido.',
        },
      ],
      created: 1,
      updated: 0,
      unchanged: 0,
    });
    expect(await participants(otherEvent)).toMatchObject([
      {
        name: 'Eva "Evinha" Melo',
        pacote: 'VIP; com ponto e vírgula',
        business: 'Linha 1\nLinha 2',
      },
    ]);
  });

  it('reads an .xlsx workbook, numbers as Excel stores them', async () => {
    const otherEvent = await createEvent(t.db);
    const workbook = await xlsx([
      ['Nome', 'Email', 'CPF_CNPJ', 'Pacote', 'Situacao', 'Nucleo_Origem', 'Business'],
      ['Davi Rocha', 'davi@example.com', Number(CPF.davi), 'Ouro', 6, 'são paulo', null],
      [],
      ['Erro', null, 12345, null, 1, null, null],
    ]);
    const response = await upload(dataUrl(workbook, XLSX_MIME), otherEvent);
    expect(response.json()).toEqual({
      fails: [{ line: 4, error: 'cpf invalido' }],
      created: 1,
      updated: 0,
      unchanged: 0,
    });
    expect(await participants(otherEvent)).toMatchObject([
      { cpf: CPF.davi, name: 'Davi Rocha', status: 'STAFF', center_id: saoPauloId },
    ]);
    const again = await upload(dataUrl(workbook, XLSX_MIME), otherEvent);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
  });

  it('reads Excel escapes in .xlsx cells and fails the lines they make NUL or half a character', async () => {
    const otherEvent = await createEvent(t.db);
    // As stored in the XML: Excel writes characters XML cannot carry as _xHHHH_.
    const workbook = await xlsx([
      ['Nome', 'Email', 'CPF_CNPJ', 'Pacote', 'Situacao', 'Nucleo_Origem', 'Business'],
      ['Ana_x0000_Lima', null, CPF.ana, null, 1, 'são paulo', null],
      ['Bia_xD800_Souza', null, CPF.bia, null, 1, 'são paulo', null],
      ['Caio_x005F_x0041_ Reis', null, CPF.caio, null, 1, 'são paulo', null],
    ]);
    const response = await upload(dataUrl(workbook, XLSX_MIME), otherEvent);
    const invalid = 'A linha contém caracteres inválidos (NUL ou um caractere UTF-16 incompleto).';
    expect(response.json()).toEqual({
      fails: [
        { line: 2, error: invalid },
        { line: 3, error: invalid },
      ],
      created: 1,
      updated: 0,
      unchanged: 0,
    });
    expect(await participants(otherEvent)).toMatchObject([
      { cpf: CPF.caio, name: 'Caio_x0041_ Reis' },
    ]);
  });

  it('fails the whole file at line 1 naming the missing columns', async () => {
    const response = await upload(
      dataUrl(csv('nome;email;cpf_cnpj;pacote;nucleo_origem', `A;;${CPF.ana};;`)),
    );
    expect(response.json()).toEqual({
      fails: [{ line: 1, error: 'Colunas obrigatórias ausentes: situacao, business.' }],
      created: 0,
      updated: 0,
      unchanged: 0,
    });
  });

  it('refuses what is not a spreadsheet', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const cases = [
      dataUrl(png, 'image/png'),
      dataUrl(csv(HEADER), XLSX_MIME), // a CSV named .xlsx
      dataUrl(Buffer.from('504b03040000deadbeef', 'hex'), XLSX_MIME), // a broken ZIP
      'isto não é um data URL',
    ];
    for (const sheet of cases) {
      const response = await upload(sheet);
      expect(response.statusCode, sheet.slice(0, 40)).toBe(400);
      expect(response.json()).toEqual({
        error: 'invalid_request',
        error_description: 'O arquivo não é uma planilha CSV ou XLSX válida.',
      });
    }
    const xls = await upload(
      dataUrl(Buffer.from('d0cf11e0a1b11ae1', 'hex'), 'application/vnd.ms-excel'),
    );
    expect(xls.statusCode).toBe(400);
    expect(xls.json().error_description).toMatch(/\.xls/);
  });

  it('answers 413 in pt-BR above 64 MiB', async () => {
    const response = await upload(dataUrl(Buffer.alloc(64 * 1024 * 1024 + 1024, 0x41)));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'O arquivo excede o limite de 64 MiB.',
    });
  });

  it('answers 404 for an unknown event', async () => {
    const response = await upload(dataUrl(csv(HEADER)), 999_999);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('not_found');
  });

  it('needs ImportParticipants (403)', async () => {
    const user = await createUser(t.db, { permissions: ['Participant', 'ImportProducts'] });
    const other = (await login(t.app, user)).access_token;
    const response = await upload(dataUrl(mixed), eventId, other);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('forbidden');
  });
});

describe('with no events', () => {
  it("answers 'Nenhum evento registrado.' on both imports", async () => {
    const empty = await startTestApp();
    try {
      const user = await createUser(empty.db, {
        permissions: ['ImportParticipants', 'ImportProducts'],
      });
      const { access_token } = await login(empty.app, user);
      for (const url of ['/api/participants/upload', '/api/produtos/upload']) {
        const response = await empty.app.inject({
          method: 'POST',
          url,
          headers: bearer(access_token),
          payload: { sheet: dataUrl(csv(HEADER)), eventId: 1 },
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toEqual({
          error: 'invalid_request',
          error_description: 'Nenhum evento registrado.',
        });
      }
    } finally {
      await empty.close();
    }
  });
});

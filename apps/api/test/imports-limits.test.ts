import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createEvent, createUser, login } from './helpers/fixtures.ts';
import { XLSX_MIME, dataUrl } from './helpers/sheets.ts';
import { badLinesCsv, sharedStringsBomb, xlsxBomb } from './helpers/sheet-bombs.ts';

let t: TestContext;
let token: string;
let eventId: number;

beforeAll(async () => {
  t = await startTestApp();
  const user = await createUser(t.db, { permissions: ['ImportParticipants'] });
  token = (await login(t.app, user)).access_token;
  eventId = await createEvent(t.db);
});
afterAll(() => t.close());

const HEADER = ['nome', 'email', 'cpf_cnpj', 'pacote', 'situacao', 'nucleo_origem', 'business'];
const BAD_ROW = ['Fulano']; // no CPF: every line fails
const ROW_LIMIT =
  'A planilha passa do limite de 200.000 linhas: as linhas a partir desta não foram lidas.';

interface Answer {
  fails: { line: number; error: string }[];
  failsOmitted: number;
  created: number;
}

const upload = (sheet: string, as = token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/participants/upload',
    headers: bearer(as),
    payload: { sheet, eventId },
  });

/** Issue 29's file: 300,000 lines of 110 bytes (32.8 MB), every one failing at once. */
const longFile = dataUrl(badLinesCsv(HEADER, 300_000, 110));
/** Small, but a second or so of reading: still running when the next upload comes. */
const busyFile = dataUrl(badLinesCsv(HEADER, 250_000));

describe('imports stop early', () => {
  it('reads a 5 MB zip bomb of 29 million rows only up to the row limit', async () => {
    // Its zip headers claim 1 MB, so only reading can find out.
    const bomb = xlsxBomb({ header: HEADER, row: BAD_ROW, rows: 29_000_000, declaredSize: 1e6 });
    expect(bomb.length).toBeLessThan(8_000_000);
    const response = await upload(dataUrl(bomb, XLSX_MIME));
    expect(response.statusCode).toBe(200);
    const answer = response.json<Answer>();
    expect(answer.fails).toHaveLength(1001); // the first 1000, and why reading stopped
    expect(answer.fails).toContainEqual({ line: 2, error: ROW_LIMIT });
    expect(answer.failsOmitted).toBe(199_000);
    expect(answer.created).toBe(0);
  });

  it('lists the first 1000 of 9.9 million bad CSV lines and counts the rest it read', async () => {
    const response = await upload(dataUrl(badLinesCsv(HEADER, 9_900_000)));
    expect(response.statusCode).toBe(200);
    const answer = response.json<Answer>();
    expect(answer.fails).toHaveLength(1001);
    expect(answer.fails.slice(0, 2).map((fail) => fail.line)).toEqual([2, 3]);
    expect(answer.fails.at(-1)).toEqual({ line: 200_002, error: ROW_LIMIT });
    expect(answer.failsOmitted).toBe(199_000);
  });

  it('refuses a workbook whose sheet claims to inflate past 128 MiB', async () => {
    const honest = xlsxBomb({ header: HEADER, row: ['x'.repeat(4000)], rows: 100_000 });
    const refused = await upload(dataUrl(honest, XLSX_MIME));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: 'invalid_request',
      error_description: 'A planilha descompactada passa de 128 MiB: divida-a em arquivos menores.',
    });
  });

  it('stops a workbook that lies about its size once 128 MiB have been inflated', async () => {
    const liar = xlsxBomb({
      header: HEADER,
      row: ['x'.repeat(4000)],
      rows: 100_000,
      declaredSize: 10_000,
    });
    const response = await upload(dataUrl(liar, XLSX_MIME));
    expect(response.statusCode).toBe(200);
    const answer = response.json<Answer>();
    expect(answer.fails.at(-1)).toEqual({
      line: 3, // every row of this bomb is numbered 2

      error: 'A planilha descompactada passa de 128 MiB: as linhas a partir desta não foram lidas.',
    });
  });

  it('reads a 300,000-line file of 32.8 MB up to the 200,000-line limit, not a 413', async () => {
    const response = await upload(longFile);
    expect(response.statusCode).toBe(200);
    const answer = response.json<Answer>();
    expect(answer.fails.at(-1)).toEqual({ line: 200_002, error: ROW_LIMIT });
    expect(answer.failsOmitted).toBe(199_000);
  }, 60_000);
});

describe('xlsx parts stay small', () => {
  const SHARED_STRINGS_TOO_LARGE = {
    error: 'invalid_request',
    error_description:
      'Os textos da planilha passam de 32 MiB descompactados: divida-a em arquivos menores.',
  };

  it('refuses shared strings that inflate past 32 MiB, whatever the zip headers claim', async () => {
    for (const declaredSize of [undefined, 10_000]) {
      const bomb = sharedStringsBomb(HEADER, declaredSize);
      expect(bomb.length).toBeLessThan(3_500_000);
      const response = await upload(dataUrl(bomb, XLSX_MIME));
      expect({ declaredSize, status: response.statusCode, body: response.json() }).toEqual({
        declaredSize,
        status: 400,
        body: SHARED_STRINGS_TOO_LARGE,
      });
    }
  });
});

describe('imports run a few at a time', () => {
  const IMPORT_RUNNING = {
    error: 'conflict',
    error_description:
      'Já há uma importação sua em andamento: aguarde o resultado dela antes de enviar outra planilha.',
  };

  it("refuses a user's second import while the first runs, and takes the next one", async () => {
    const [first, second] = await Promise.all([upload(busyFile), upload(busyFile)]);
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 409]);
    expect(second?.json()).toEqual(IMPORT_RUNNING);
    // A body refused before the import starts gives the slot back, as a finished import does.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/participants/upload',
      headers: bearer(token),
      payload: { sheet: busyFile, eventId: 'abc' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await upload(dataUrl(badLinesCsv(HEADER, 3)))).statusCode).toBe(200);
  }, 60_000);

  it('runs two imports at once on the server and asks a third user to wait', async () => {
    const tokens = await Promise.all(
      [1, 2, 3].map(async () => {
        const user = await createUser(t.db, { permissions: ['ImportParticipants'] });
        return (await login(t.app, user)).access_token;
      }),
    );
    const answers = await Promise.all(tokens.map((as) => upload(busyFile, as)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 429]);
    const busy = answers.find((answer) => answer.statusCode === 429);
    expect(busy?.headers['retry-after']).toBe('5');
    expect(busy?.json()).toEqual({
      error: 'too_many_requests',
      error_description:
        'O servidor já está fazendo 2 importações: tente de novo em alguns instantes.',
    });
  }, 60_000);
});

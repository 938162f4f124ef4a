import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintMappingRow, PrinterRow } from '@balcao/contract';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { createUser } from './helpers/fixtures.ts';
import { onlyRow, tableCaller, type TableCaller } from './helpers/tables.ts';

let t: TestContext;
let admin: TableCaller; // System
let clerk: TableCaller; // Subscription

beforeAll(async () => {
  t = await startTestApp();
  admin = await tableCaller(t, ['System']);
  clerk = await tableCaller(t, ['Subscription']);
});
afterAll(() => t.close());

const newPrinter = async (name: string): Promise<PrinterRow> =>
  onlyRow<PrinterRow>(await admin.insert('/printers', { name, serial: `SN-${name}` }));

describe('printers', () => {
  it('creates with a generated apiToken that cannot be written', async () => {
    const printer = onlyRow<PrinterRow>(
      await admin.insert('/printers', { name: 'Balcão 1', serial: 'ZT-410', apiToken: 'meu' }),
    );
    expect(printer).toMatchObject({ name: 'Balcão 1', serial: 'ZT-410' });
    expect(printer.apiToken).toMatch(/^[\w-]{32}$/);
    const edited = onlyRow<PrinterRow>(
      await admin.update('/printers', printer.id, { name: 'Balcão Um', apiToken: 'outro' }),
    );
    expect(edited).toMatchObject({
      name: 'Balcão Um',
      serial: 'ZT-410',
      apiToken: printer.apiToken,
    });
  });

  it('validates a unique name', async () => {
    await newPrinter('Expedição');
    const response = await admin.insert('/printers', { name: 'expedição' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { name: 'name', status: 'Já existe uma impressora com este nome.' },
    ]);
  });

  it('refuses to remove a mapped printer (409) and removes a free one', async () => {
    const printer = await newPrinter('Mapeada');
    await admin.insert('/prints/mapping', {
      origin: '*',
      'destination][id': String(printer.id),
      service: 'COUPON',
    });
    const response = await admin.remove('/printers', printer.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error_description).toBe(
      'Esta impressora está mapeada e não pode ser removida.',
    );
    const free = await newPrinter('Livre');
    expect((await admin.remove('/printers', free.id)).statusCode).toBe(200);
  });

  it('needs System', async () => {
    expect((await clerk.select('/printers')).statusCode).toBe(403);
    expect((await clerk.insert('/printers', { name: 'X' })).statusCode).toBe(403);
  });
});

describe('printer mapping', () => {
  it('maps a username or * and a service to a printer; edits and removes', async () => {
    const user = await createUser(t.db, { username: 'caixa1' });
    const printer = await newPrinter('Caixa');
    const other = await newPrinter('Caixa reserva');
    const row = onlyRow<PrintMappingRow>(
      await admin.insert('/prints/mapping', {
        origin: user.username,
        'destination][id': String(printer.id),
        service: 'CHECKOUT',
      }),
    );
    expect(row).toMatchObject({
      origin: 'caixa1',
      destination: { id: printer.id, name: 'Caixa' },
      service: 'CHECKOUT',
    });
    const edited = onlyRow<PrintMappingRow>(
      await admin.update('/prints/mapping', row.id, { 'destination][id': String(other.id) }),
    );
    expect(edited.destination).toEqual({ id: other.id, name: 'Caixa reserva' });
    const { data } = (await admin.select('/prints/mapping')).json<{ data: PrintMappingRow[] }>();
    expect(data.map((mapping) => mapping.id)).toContain(row.id);
    expect((await admin.remove('/prints/mapping', row.id)).statusCode).toBe(200);
  });

  it('keeps one mapping per origin and service', async () => {
    const printer = await newPrinter('Crachás');
    const fields = { origin: '*', 'destination][id': String(printer.id), service: 'BADGE' };
    expect((await admin.insert('/prints/mapping', fields)).statusCode).toBe(200);
    const clash = await admin.insert('/prints/mapping', fields);
    expect(clash.statusCode).toBe(400);
    expect(clash.json().fieldErrors).toEqual([
      { name: 'origin', status: 'Já existe um mapeamento desta origem para este serviço.' },
    ]);
    const otherService = await admin.insert('/prints/mapping', { ...fields, service: 'PRODUCT' });
    expect(otherService.statusCode).toBe(200);
  });

  it('validates origin, destination and service', async () => {
    const response = await admin.insert('/prints/mapping', {
      origin: 'ninguem',
      'destination][id': '999999',
      service: 'FAX',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { name: 'origin', status: "Usuário não encontrado. Use um nome de usuário ou '*'." },
      { name: 'destination', status: 'Impressora não encontrada.' },
      {
        name: 'service',
        status:
          'O serviço deve ser um destes valores: BADGE, COUPON, PRODUCT, CHECKOUT, DELIVERY, COURSEWARE.',
      },
    ]);
  });

  it('answers 404 naming the mapping, 403 without System', async () => {
    const missing = await admin.remove('/prints/mapping', 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_description).toBe('Mapeamento de impressora não encontrado.');
    expect((await clerk.select('/prints/mapping')).statusCode).toBe(403);
  });
});

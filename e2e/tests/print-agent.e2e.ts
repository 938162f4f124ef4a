import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api.ts';
import { usePage } from '../support/browser.ts';
import { ownServer } from '../support/own-server.ts';
import { createRow, openMenu, rowOf, signIn, tableBlock, typeInto } from '../support/screens.ts';

/**
 * The print agent against the real server, which this test owns so it can stop it mid-way: the
 * admin registers the printer, its mapping and a product on the screens, a product tag print
 * ends as a PDF in the agent's --out folder and the job as done, and the agent keeps going across
 * a server restart. The API is only read, to check the queue.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'agente-e2e-123';
const server = ownServer('agent', PASSWORD);
const SERVER = server.url;
const out = join(server.work, 'impressos');
let agent: ChildProcess | undefined;

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`esperou demais: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const api = apiClient(SERVER);
const PRINTER = 'Etiquetas do balcão';
const PRODUCT = 'Caderno Ônix';

/** A token to read the print queue back; nothing is written through it. */
async function readerToken(): Promise<string> {
  const answer = await api(null, 'POST', '/api/token', {
    grant_type: 'password',
    username: 'admin',
    password: PASSWORD,
  });
  return answer.access_token;
}

async function jobsDone(): Promise<number> {
  const { data } = await api(await readerToken(), 'GET', '/api/prints/jobs/select');
  return data.filter((job: { status: string }) => job.status === 'done').length;
}

const pdfsIn = (folder: string) =>
  existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('-etiquetas.pdf')) : [];

beforeAll(server.start, 120_000);

afterAll(async () => {
  agent?.kill('SIGTERM');
  await server.remove();
});

/** 'Produtos': 'QR Code' on the product's row, a quantity, 'Imprimir', and the notice's OK. */
async function printTags(page: Page, quantity: number): Promise<void> {
  await openMenu(page, 'Produtos');
  await rowOf(page, 'Produtos', PRODUCT).getByRole('button', { name: 'QR Code' }).click();
  const prompt = page.getByRole('dialog', { name: `Imprimir QR Code de ${PRODUCT}` });
  await typeInto(prompt.getByLabel('Quantidade', { exact: true }), String(quantity));
  await prompt.getByRole('button', { name: 'Imprimir', exact: true }).click();
  const notice = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'OK' }) });
  await notice.waitFor();
  await notice.getByRole('button', { name: 'OK' }).click();
}

/** The next PDF in the folder and one more job done. */
async function waitForPrint(before: { files: number; done: number }): Promise<string> {
  await until(
    'o PDF chegar à pasta',
    async () => (pdfsIn(out).length > before.files ? true : undefined),
    45_000,
  );
  await until('o trabalho ficar impresso', async () =>
    (await jobsDone()) > before.done ? true : undefined,
  );
  const newest = pdfsIn(out).sort((a, b) => parseInt(b) - parseInt(a))[0]!;
  return join(out, newest);
}

describe('print agent with --out', () => {
  const { page } = usePage(SERVER);

  it('prints tags queued from the screens into the folder, across a server restart', async () => {
    const p = page();
    await signIn(p, 'admin', PASSWORD);

    // 'Impressoras': the printer, its API token (read in its editor), and the product mapping.
    await openMenu(p, 'Impressoras');
    await createRow(p, { Nome: PRINTER, 'Número de série': 'ZB-01' }, { table: 'Impressoras' });
    await rowOf(p, 'Impressoras', PRINTER).getByRole('cell', { name: PRINTER }).click();
    await tableBlock(p, 'Impressoras').getByRole('button', { name: 'Editar', exact: true }).click();
    const editor = p.getByRole('dialog', { name: 'Editar registro' });
    const apiToken = await editor.getByLabel('Token da API', { exact: true }).inputValue();
    expect(apiToken.length).toBeGreaterThan(20);
    await editor.getByRole('button', { name: 'Cancelar' }).click();
    await editor.waitFor({ state: 'hidden' });
    await createRow(
      p,
      { 'Impressora de destino': { choose: PRINTER }, Serviço: { choose: 'Produto' } },
      { table: 'Mapeamento de impressoras' },
    );
    await rowOf(p, 'Mapeamento de impressoras', PRINTER).waitFor();

    // 'Produtos': a category, then the product.
    await openMenu(p, 'Produtos');
    await p.getByRole('tab', { name: 'Categorias' }).click();
    await createRow(p, { Nome: 'Papelaria', Tipo: { choose: 'Produto' } });
    await p.getByRole('tab', { name: 'Produtos' }).click();
    await createRow(p, {
      Nome: PRODUCT,
      Categoria: { choose: 'Papelaria' },
      Preço: '2590',
      'Estoque inicial': '10',
    });
    await rowOf(p, 'Produtos', PRODUCT).waitFor();

    agent = spawn(
      process.execPath,
      ['apps/print-agent/src/cli.js', '--server', SERVER, '--out', out, '--interval', '200'],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, BALCAO_PRINT_TOKEN: apiToken },
      },
    );

    await printTags(p, 4);
    const first = await waitForPrint({ files: 0, done: 0 });
    expect(readFileSync(first).subarray(0, 5).toString()).toBe('%PDF-');

    await server.stop();
    // The agent now finds no server and backs off; it must pick up again on its own.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(agent?.exitCode).toBeNull();
    await server.start();

    // The desk signs in again if its session did not survive the restart.
    await p.reload();
    await p
      .getByRole('button', { name: /^(Entrar|Sair)$/ })
      .first()
      .waitFor();
    if (await p.getByRole('button', { name: 'Entrar' }).isVisible()) {
      await signIn(p, 'admin', PASSWORD);
    }
    await printTags(p, 2);
    const second = await waitForPrint({ files: 1, done: 1 });
    expect(second).not.toBe(first);
    expect(readFileSync(second).subarray(0, 5).toString()).toBe('%PDF-');
  }, 180_000);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { withCheckDigits } from '@balcao/contract';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import {
  createRow,
  logOut,
  openMenu,
  rowOf,
  signIn,
  tableBlock,
  typeInto,
  uniqueSuffix,
} from '../support/screens.ts';
import { setUpKioskEvent } from '../support/kiosk-screens.ts';

/**
 * The self-service kiosk (issue #43), on the screens only: the admin sets up an event that does
 * not link courseware, a participant, a kiosk user with its own badge printer and PIN; the kiosk
 * logs in and lands on its page, a CPF typed on the keypad greets the participant, and 'Retire
 * seu crachá' shows only once the print agent has printed the badge. The idle time clears the
 * screen, leaving asks the PIN, and axe-core finds no WCAG 2.2 AA violation at both sizes.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const run = uniqueSuffix();
const ninePrefix = String((Date.now() + 23) % 1_000_000).padStart(6, '0');
const guest = { name: `Iara Quiosque ${run}`, cpf: withCheckDigits(`${ninePrefix}431`) };
const kioskUser = {
  name: `Quiosque ${run}`,
  username: `quiosque${run}`,
  password: 'senha-quiosque-1',
};
const PRINTER = `Crachás do quiosque ${run}`;
const PIN = '4826';
let agent: ChildProcess | undefined;

afterAll(() => {
  agent?.kill('SIGTERM');
});

const AXE = readFileSync(`${root}node_modules/axe-core/axe.min.js`, 'utf8');

/** axe-core's WCAG 2.x A/AA and 2.2 AA rules on the page as it is: the violations' ids. */
async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated, not a <script> tag: the app's CSP (script-src 'self') refuses inline scripts.
  if (!(await page.evaluate('Boolean(window.axe)'))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ...args: unknown[]
          ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
}

/** Checks the screen at both kiosk sizes, with a screenshot of each. */
async function checkBothSizes(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1080, 1920],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    expect(await axeViolations(page), `${name} ${width}×${height}`).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}kiosk-${name}-${width}x${height}.png` });
  }
}

describe('the self-service kiosk', () => {
  const { page } = usePage();

  it("greets by CPF, says 'Retire seu crachá' only once printed, forgets on idle, asks the PIN to leave", async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));
    const names = await setUpKioskEvent(p, run, [guest], kioskUser);
    await openMenu(p, 'Impressoras');
    await createRow(p, { Nome: PRINTER }, { table: 'Impressoras' });
    await rowOf(p, 'Impressoras', PRINTER).getByRole('cell', { name: PRINTER }).click();
    await tableBlock(p, 'Impressoras').getByRole('button', { name: 'Editar', exact: true }).click();
    const printerEditor = p.getByRole('dialog', { name: 'Editar registro' });
    const apiToken = await printerEditor.getByLabel('Token da API', { exact: true }).inputValue();
    await printerEditor.getByRole('button', { name: 'Cancelar' }).click();
    await printerEditor.waitFor({ state: 'hidden' });
    await createRow(
      p,
      {
        Origem: kioskUser.username,
        'Impressora de destino': { choose: PRINTER },
        Serviço: { choose: 'Crachá' },
      },
      { table: 'Mapeamento de impressoras' },
    );
    await rowOf(p, 'Mapeamento de impressoras', PRINTER).waitFor();

    // 'Quiosques': the kiosk's PIN.
    await openMenu(p, 'Quiosques');
    const card = p.getByRole('listitem').filter({ hasText: kioskUser.username });
    await card.getByRole('button', { name: 'Definir PIN' }).click();
    const pinDialog = p.getByRole('dialog', { name: `PIN de ${kioskUser.name}` });
    await typeInto(pinDialog.getByLabel('PIN do atendente (4 a 8 dígitos)', { exact: true }), PIN);
    await pinDialog.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => card.getByText('definido', { exact: true }).count()).toBe(1);
    await logOut(p);

    // The kiosk logs in and lands on its page: no menu.
    await p.getByLabel('Usuário', { exact: true }).fill(kioskUser.username);
    await p.getByLabel('Senha', { exact: true }).fill(kioskUser.password);
    await p.getByRole('button', { name: 'Entrar' }).click();
    await p.getByRole('heading', { name: names.event, level: 1 }).waitFor();
    expect(await p.getByRole('navigation', { name: 'Menu principal' }).count()).toBe(0);
    // A reload lands on the kiosk again, without a login and without an error on screen.
    await p.reload();
    await p.getByRole('heading', { name: names.event, level: 1 }).waitFor();
    expect(await p.getByRole('dialog').count()).toBe(0);
    await checkBothSizes(p, 'inicio');

    // The CPF on the keypad, then 'Continuar'.
    const keypad = p.getByRole('group', { name: 'Teclado numérico do CPF' });
    for (const digit of guest.cpf) {
      await keypad.getByRole('button', { name: digit, exact: true }).click();
    }
    await p.getByRole('button', { name: 'Continuar' }).click();
    await p.getByRole('heading', { name: `Olá, ${guest.name}!` }).waitFor();
    const badgeName = p.getByLabel('Nome no crachá (até 15 caracteres)');
    expect(await badgeName.inputValue()).toBe('Iara');
    await checkBothSizes(p, 'saudacao');

    // Printed on the kiosk's printer: no agent yet, so it waits in the queue.
    await p.getByRole('button', { name: 'Confirmar e imprimir' }).click();
    await p.getByRole('heading', { name: 'Imprimindo seu crachá…' }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(await p.getByText('Retire seu crachá').count()).toBe(0);

    agent = spawn(
      process.execPath,
      [
        'apps/print-agent/src/cli.js',
        '--server',
        inject('baseUrl'),
        '--out',
        `${ARTIFACTS}kiosk-prints-${run}`,
        '--interval',
        '200',
      ],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, BALCAO_PRINT_TOKEN: apiToken },
      },
    );
    await p.getByRole('heading', { name: 'Retire seu crachá' }).waitFor({ timeout: 30_000 });
    await checkBothSizes(p, 'retire');

    // The next person: the answer goes, and nothing of the previous one stays.
    await p.getByRole('heading', { name: /^Bem-vindo!/ }).waitFor({ timeout: 20_000 });
    expect(await p.getByText(guest.name).count()).toBe(0);

    // Again: already accredited, and the answer, left alone, goes after its time.
    for (const digit of guest.cpf) {
      await keypad.getByRole('button', { name: digit, exact: true }).click();
    }
    await p.getByRole('button', { name: 'Continuar' }).click();
    const again = p.getByRole('heading', { name: `Olá, ${guest.name}!` });
    // Already accredited, and the event's policy is 'deny' unless an admin changed it.
    await p
      .getByText('Seu crachá já foi impresso. Para outra via, procure o balcão de atendimento.')
      .waitFor();
    expect(await again.count()).toBe(0);
    await p.getByRole('heading', { name: /^Bem-vindo!/ }).waitFor({ timeout: 25_000 });
    expect(await p.getByText(guest.name).count()).toBe(0);

    // Leaving asks the staff PIN.
    await p.getByRole('button', { name: 'Sair' }).click();
    const pinKeypad = p.getByRole('group', { name: 'Teclado numérico do PIN' });
    for (const digit of '1111')
      await pinKeypad.getByRole('button', { name: digit, exact: true }).click();
    await p.getByRole('button', { name: 'Confirmar' }).click();
    await p.getByText('PIN incorreto.').waitFor();
    await checkBothSizes(p, 'pin');
    for (const digit of PIN)
      await pinKeypad.getByRole('button', { name: digit, exact: true }).click();
    await p.getByRole('button', { name: 'Confirmar' }).click();
    await p.getByRole('button', { name: 'Entrar' }).waitFor();
  }, 240_000);
});

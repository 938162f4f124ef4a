import { withCheckDigits } from '@balcao/contract';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, printCount, usePage } from '../support/browser.ts';
import {
  createCoursewares,
  createRow,
  day,
  logOut,
  openMenu,
  readRow,
  rowOf,
  setUpDesk,
  signIn,
  typeInto,
  uniqueSuffix,
  type DeskSetup,
} from '../support/screens.ts';
import {
  addByCode,
  addParticipants,
  createClerk,
  createProducts,
  finalizeOrder,
  openOrderAtCashier,
} from '../support/shop-screens.ts';
import { readPdf } from '../../apps/api/test/helpers/pdf-text.ts';

/**
 * What the screen says is what happened (issue 24), through the screens only: a badge sent to a
 * printer whose agent never runs is 'na fila', never 'impresso', and both the desk and the top
 * bar warn about the printer; a sale over the automatic coupon's minimum prints the coupon after
 * the receipt and the cashier reads its code.
 */
const run = uniqueSuffix();
const ninePrefix = String((Date.now() + 11) % 1_000_000).padStart(6, '0');
const guest = { name: `Célia Prado ${run}`, cpf: withCheckDigits(`${ninePrefix}401`) };
const buyer = { name: `Bia Compra ${run}`, cpf: withCheckDigits(`${ninePrefix}402`) };
const PRINTER = `Crachás sem agente ${run}`;
const category = `Categoria auto ${run}`;
const product = { name: `Kit ${run}`, code: `KIT${run}`, price: '15530', stock: '10' };
const template = `Volte sempre ${run}`;
const clerk = { name: `Caixa ${run}`, username: `caixa${run}`, password: 'senha-do-caixa-1' };

describe('what the screen says is true', () => {
  const { page } = usePage();
  let names: DeskSetup;

  it("says 'Crachá na fila…' and warns when the badge printer's agent never runs", async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));
    names = await setUpDesk(p, run);
    const [series] = (await createCoursewares(p, names, 1)) as [string];
    await addParticipants(p, names, [guest, buyer]);

    // 'Impressoras': a badge printer for everyone, whose agent is never started.
    await openMenu(p, 'Impressoras');
    await createRow(p, { Nome: PRINTER }, { table: 'Impressoras' });
    await createRow(
      p,
      { 'Impressora de destino': { choose: PRINTER }, Serviço: { choose: 'Crachá' } },
      { table: 'Mapeamento de impressoras' },
    );
    await rowOf(p, 'Mapeamento de impressoras', PRINTER).waitFor();

    await openMenu(p, 'Credenciamento');
    const warning = `A impressora ${PRINTER} não está recebendo trabalhos`;
    // Under the top bar and on the desk.
    await expect.poll(() => p.getByText(warning).count(), { timeout: 15_000 }).toBe(2);

    // The guest's CPF and Enter as a scanner types them, the courseware's series, then the badge.
    const cpf = p.getByLabel('CPF', { exact: true });
    await cpf.focus();
    await p.keyboard.type(guest.cpf);
    await p.keyboard.press('Enter');
    await p.getByLabel('Código da apostila', { exact: true }).waitFor();
    await p.keyboard.type(series);
    await p.keyboard.press('Enter');
    await p.locator('.desk-status[data-status="WITHOUT_BADGE"]').waitFor();
    await p.getByRole('button', { name: 'Imprimir crachá', exact: true }).click();

    const queued = `Crachá na fila da impressora ${PRINTER}: Célia`;
    await p.getByText(queued, { exact: true }).waitFor();
    // The desk follows the job for a while: the agent never takes it, so it never says printed.
    for (let second = 0; second < 6; second++) {
      await p.waitForTimeout(1_000);
      expect(await p.getByText(/Crachá impresso/).count()).toBe(0);
    }
    await p.getByText(queued, { exact: true }).waitFor();

    // The count says it too: the guest's badge was asked for and sits in the queue, not printed.
    await cpf.focus();
    await p.keyboard.type(guest.cpf);
    await p.keyboard.press('Enter');
    await p.locator('.desk-status[data-status="REGISTERED"]').waitFor();
    const shown = await p.getByLabel('Participante', { exact: true }).innerText();
    expect(shown).toMatch(/Crachás solicitados\s+1 \(1 na fila\)$/);
    expect(shown).not.toMatch(/impresso/i);
    await p.screenshot({ path: `${ARTIFACTS}print-truth-desk.png`, fullPage: true });
    // 'Gerenciar Participantes' counts what was asked for, and says so.
    await openMenu(p, 'Gerenciar Participantes');
    const listed = await readRow(p, 'Participantes', guest.name);
    expect(listed['Crachás solicitados']).toBe('1');
  }, 240_000);

  it("prints the automatic coupon after the receipt and shows 'Cupom gerado: …'", async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));
    await createProducts(p, [category], [{ ...product, category }]);

    await openMenu(p, 'Template de Cupons');
    await p.getByRole('button', { name: 'Novo template', exact: true }).click();
    const modal = p.getByRole('dialog', { name: 'Novo template' });
    await typeInto(modal.getByLabel('Nome', { exact: true }), template);
    await typeInto(modal.getByLabel('Porcentagem', { exact: true }), '10');
    await typeInto(modal.getByLabel('Expiração', { exact: true }), `${day(30)} 23:59`);
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await modal.waitFor({ state: 'hidden' });

    // Configurar cupons automáticos: on, with this template, from R$ 100,00.
    await openMenu(p, 'Configurar cupons automáticos');
    await p.getByRole('button', { name: 'Editar', exact: true }).click();
    await p.getByLabel('Gerar cupons automáticos', { exact: true }).check();
    await p.getByLabel('Template', { exact: true }).selectOption({ label: template });
    await typeInto(p.getByLabel('Valor mínimo do pedido', { exact: true }), '10000');
    await p.getByRole('button', { name: 'Salvar', exact: true }).click();
    await p.getByRole('status').getByText('Configuração salva!').waitFor();

    await createClerk(p, clerk, {
      center: names.center,
      permissions: ['Vendas', 'Caixa'],
      categories: [category],
    });
    await logOut(p);

    await signIn(p, clerk.username, clerk.password);
    await p.getByRole('heading', { level: 1, name: 'Vendas' }).waitFor();
    await addByCode(p, product);
    await finalizeOrder(p, buyer);
    await openOrderAtCashier(p, 'Loja', buyer);
    expect(await p.getByLabel('Total do pedido').innerText()).toBe('R$ 155,30');
    await p.getByLabel('Forma de pagamento 1').selectOption({ label: 'Dinheiro' });

    // No Caixa printer mapped: the receipt's PDF, then the coupon's, each printed in this tab.
    const files: Promise<Buffer>[] = [];
    p.on('response', (response) => {
      if (response.url().includes('/api/prints/files/')) files.push(response.body());
    });
    const printedBefore = await printCount(p);
    await p.getByRole('button', { name: 'Finalizar Pagamento' }).click();
    const notice = p.getByRole('dialog', { name: 'Sucesso!' });
    await notice.getByText(/Cupom gerado: /).waitFor();
    const code = /Cupom gerado: ([0-9A-Z]{4}(?:-[0-9A-Z]{4}){2,})/.exec(
      await notice.innerText(),
    )?.[1];
    expect(code).toBeDefined();
    await expect.poll(() => files.length).toBe(2);
    const [receipt, coupon] = await Promise.all(
      files.map(async (file) =>
        (await readPdf(await file)).pages.map((printed) => printed.text).join('\n'),
      ),
    );
    expect(receipt).toContain('Comprovante');
    expect(coupon).toContain(code!);
    // Both documents really printed (browser.ts counts each print() on the tab).
    await expect.poll(() => printCount(p), { timeout: 10_000 }).toBe(printedBefore + 2);
    await p.screenshot({ path: `${ARTIFACTS}print-truth-coupon.png`, fullPage: true });
    await notice.getByRole('button', { name: 'OK' }).click();
  }, 240_000);
});

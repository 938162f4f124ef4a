import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { NO_SELECTED_EVENT_MESSAGE } from '@balcao/contract';
import { expectZeroRefused, printQuantity } from '../../testing/batch-print';
import { watchPrintFrames } from '../../testing/print-frames';
import { server } from '../../testing/server';
import { renderPage } from '../../testing/render';
import { serveCoupons, templateDto } from '../../testing/fake-coupons-server';

async function openTemplates() {
  const rendered = await renderPage('COUPON_TEMPLATES', { permissions: ['Coupons'] });
  await screen.findByRole('heading', { level: 1, name: 'Template de Cupons' });
  return rendered;
}

const grid = () => screen.getByRole('table', { name: 'Templates de cupons' });
const rowOf = (name: string) =>
  within(grid())
    .getAllByRole('row')
    .find((row) => within(row).queryByRole('cell', { name }))!;

const PROMPT = 'Imprimir cupons de Natal';
const openPrompt = async (user: UserEvent) =>
  user.click(within(await waitFor(() => rowOf('Natal'))).getByRole('button', { name: 'Imprimir' }));

describe('Template de Cupons', { timeout: 20_000 }, () => {
  it('on a fresh install with no event, asks for one instead of opening the error dialog', async () => {
    serveCoupons({ templates: [] });
    server.use(
      http.get('/api/coupons/templates', () =>
        HttpResponse.json(
          { error: 'conflict', error_description: NO_SELECTED_EVENT_MESSAGE },
          { status: 409 },
        ),
      ),
    );
    await openTemplates();
    expect(
      await screen.findByText(/Nenhum evento selecionado: escolha um evento acima/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists the templates as Nome / Porcentagem / Qtd and creates one after the form checks', async () => {
    const calls = serveCoupons({ templates: [templateDto({ value: 12.5, generated: 4 })] });
    const { user } = await openTemplates();
    const natal = await waitFor(() => rowOf('Natal'));
    expect(within(natal).getByRole('cell', { name: '12,50%' })).toBeInTheDocument();
    expect(within(natal).getByRole('cell', { name: '4' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Novo template' }));
    const modal = await screen.findByRole('dialog', { name: 'Novo template' });
    await user.click(within(modal).getByRole('button', { name: 'Salvar' }));
    expect(within(modal).getByRole('alert')).toHaveTextContent('Preencha os campos');

    await user.type(within(modal).getByLabelText('Nome'), 'Black Friday');
    await user.type(within(modal).getByLabelText('Porcentagem'), '150');
    await user.click(within(modal).getByRole('button', { name: 'Salvar' }));
    expect(within(modal).getByRole('alert')).toHaveTextContent(
      'A porcentagem deve ser no máximo 100.',
    );
    await user.clear(within(modal).getByLabelText('Porcentagem'));
    await user.type(within(modal).getByLabelText('Porcentagem'), '15,5');
    await user.click(within(modal).getByRole('button', { name: 'Salvar' }));
    expect(within(modal).getByRole('alert')).toHaveTextContent('Informe a data de expiração.');

    await user.type(within(modal).getByLabelText('Expiração'), '311220992359');
    expect(within(modal).getByLabelText('Expiração')).toHaveValue('31/12/2099 23:59');
    // Only courses, every product blacklisted: nothing left to discount.
    await user.click(within(modal).getByLabelText('Produtos'));
    const blackList = within(modal).getByRole('group', {
      name: 'Exceto estes produtos (lista negra)',
    });
    expect(within(blackList).queryByLabelText('Camiseta')).not.toBeInTheDocument();
    await user.click(within(blackList).getByLabelText('Curso de Oratória'));
    await user.click(within(modal).getByRole('button', { name: 'Salvar' }));
    expect(within(modal).getByRole('alert')).toHaveTextContent(
      'Nenhum produto permitido para este cupom.',
    );
    await user.click(within(blackList).getByLabelText('Curso de Oratória'));
    await user.click(within(modal).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => rowOf('Black Friday'));
    expect(calls.saved).toEqual([
      {
        id: null,
        eventId: null,
        body: {
          name: 'Black Friday',
          value: 15.5,
          type: 'PERCENT_VALUE',
          categories: ['Curso'],
          startDate: null,
          expirationDate: new Date(2099, 11, 31, 23, 59).toISOString(),
          whiteList: [],
          blackList: [],
          propagate: true,
        },
      },
    ]);
  });

  it("shows the server's refusal inside the modal and edits for the chosen event", async () => {
    const calls = serveCoupons({ templates: [templateDto()] });
    const { user } = await openTemplates();
    await user.selectOptions(screen.getByLabelText('Evento'), 'Encontro Regional');
    await waitFor(() => expect(calls.listedFor).toContain('2'));
    await user.click(
      within(await waitFor(() => rowOf('Natal'))).getByRole('button', { name: 'Editar' }),
    );
    const modal = await screen.findByRole('dialog', { name: 'Editar template' });
    expect(within(modal).getByLabelText('Porcentagem')).toHaveValue('10');
    await user.clear(within(modal).getByLabelText('Nome'));
    await user.type(within(modal).getByLabelText('Nome'), 'Recusado');
    await user.click(within(modal).getByRole('button', { name: 'Salvar' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(
      'A porcentagem deve ser no máximo 100.',
    );
    expect(screen.queryByRole('dialog', { name: 'Ocorreu um erro' })).not.toBeInTheDocument();
    expect(calls.saved.map((call) => [call.id, call.eventId])).toEqual([['1', '2']]);
  });

  it("says 'Você nao possui produtos' when there are none, and deletes after 'Deseja deletar?'", async () => {
    const calls = serveCoupons({ templates: [templateDto()], products: [] });
    const { user } = await openTemplates();
    await user.click(screen.getByRole('button', { name: 'Novo template' }));
    const modal = await screen.findByRole('dialog', { name: 'Novo template' });
    expect(within(modal).getAllByText('Você nao possui produtos')).toHaveLength(2);
    await user.click(within(modal).getByRole('button', { name: 'Cancelar' }));

    await user.click(within(rowOf('Natal')).getByRole('button', { name: 'Deletar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deletar template' });
    expect(confirm).toHaveTextContent('Deseja deletar?');
    await user.click(within(confirm).getByRole('button', { name: 'Deletar' }));
    await waitFor(() => expect(within(grid()).queryByText('Natal')).not.toBeInTheDocument());
    expect(calls.deleted).toEqual([1]);
  });

  it("prints a batch of 3 in one call with 'Imprimindo - x/y' after asking a quantity", async () => {
    const calls = serveCoupons({ templates: [templateDto()] });
    const { user } = await openTemplates();
    await openPrompt(user);
    await expectZeroRefused(user, PROMPT);
    await printQuantity(user, PROMPT, '3');
    const done = await screen.findByRole('dialog', { name: 'Sucesso!' });
    expect(done).toHaveTextContent('3 cupons impressos.');
    expect(calls.generated).toBe(3);
    expect(calls.generateQuantities).toEqual([3]);
    await waitFor(() =>
      expect(within(rowOf('Natal')).getByRole('cell', { name: '3' })).toBeInTheDocument(),
    );
  });

  it('with no printer mapped, prints one PDF per 30 coupons, not a print per coupon', async () => {
    const printedFrames = watchPrintFrames();
    const calls = serveCoupons({ templates: [templateDto()], printFiles: true });
    const { user } = await openTemplates();
    await openPrompt(user);
    await printQuantity(user, PROMPT, '35');
    const done = await screen.findByRole('dialog', { name: 'Sucesso!' });
    expect(done).toHaveTextContent('35 cupons impressos.');
    expect(calls.generateQuantities).toEqual([30, 5]);
    await waitFor(() => expect(printedFrames()).toHaveLength(2));
    expect(await printedFrames()[1]?.text()).toBe('%PDF-1.4 cupom-2.pdf');
  });

  it('stops the batch at the first failure with its reason, not the generic dialog', async () => {
    const calls = serveCoupons({ templates: [templateDto()], failGenerateAt: 2 });
    const { user } = await openTemplates();
    await openPrompt(user);
    await printQuantity(user, PROMPT, '65');
    const error = await screen.findByRole('dialog', { name: 'Erro!' });
    expect(error).toHaveTextContent('Impressora indisponível.');
    expect(calls.generateCalls).toBe(2);
    expect(calls.generated).toBe(30);
    expect(screen.queryByRole('dialog', { name: 'Ocorreu um erro' })).not.toBeInTheDocument();
  });

  it("shows 'Imprimindo - x/y' and stops between two calls on 'Cancelar'", async () => {
    serveCoupons({ templates: [templateDto()] });
    let generated = 0;
    server.use(
      http.post('/api/coupons/templates/:id/generate', async () => {
        generated += 1;
        await delay(150);
        return HttpResponse.json({ jobId: generated, printer: 'Balcão 1', coupons: [] });
      }),
    );
    const { user } = await openTemplates();
    await openPrompt(user);
    await printQuantity(user, PROMPT, '100');
    const progress = await screen.findByRole('dialog', { name: 'Imprimindo - 30/100' });
    await user.click(within(progress).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(generated).toBeLessThan(4);
    expect(screen.queryByText(/cupons impressos/)).not.toBeInTheDocument();
  });
});

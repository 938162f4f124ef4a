import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';
import { noPspConnected } from '../../testing/fake-pix';

const dated = { dateCreated: '2026-11-23T12:00:00.000Z', dateUpdated: '2026-11-23T12:00:00.000Z' };

describe('Formas de pagamento page', () => {
  it('lists the cashier methods and adds one with the form protocol', async () => {
    let posted = '';
    server.use(
      http.get('/api/carrinho/pix/config', () =>
        HttpResponse.json({ chave: '', nome: '', cidade: '' }),
      ),
      // The PSP card below it (docs/pix.md).
      noPspConnected(),
      http.get('/api/payment-methods/select', () =>
        HttpResponse.json({
          data: [
            { id: 1, descricao: 'Dinheiro', ...dated },
            { id: 4, descricao: 'PIX', ...dated },
          ],
        }),
      ),
      http.post('/api/payment-methods/insert', async ({ request }) => {
        posted = decodeURIComponent((await request.text()).replace(/\+/g, ' '));
        return HttpResponse.json({ data: [{ id: 5, descricao: 'Vale-presente', ...dated }] });
      }),
    );
    const { user } = await renderPage('PAYMENT_METHODS');
    const table = await screen.findByRole('table', { name: 'Formas de pagamento' });
    expect(await within(table).findByRole('cell', { name: 'Dinheiro' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'PIX' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo registro' });
    await user.type(within(dialog).getByLabelText('Descrição'), 'Vale-presente');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await within(table).findByRole('cell', { name: 'Vale-presente' })).toBeInTheDocument();
    expect(posted).toBe('data[0][descricao]=Vale-presente');
  });
});

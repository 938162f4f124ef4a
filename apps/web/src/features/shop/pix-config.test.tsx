import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';
import { noPspConnected } from '../../testing/fake-pix';

describe('Configuração PIX', { timeout: 20_000 }, () => {
  it('shows the saved key and saves an edited one', async () => {
    const posted: unknown[] = [];
    server.use(
      http.get('/api/payment-methods/select', () => HttpResponse.json({ data: [] })),
      http.get('/api/carrinho/pix/config', () =>
        HttpResponse.json({ chave: '', nome: '', cidade: '' }),
      ),
      // The PSP card below it (docs/pix.md).
      noPspConnected(),
      http.post('/api/carrinho/pix/config', async ({ request }) => {
        const body = await request.json();
        posted.push(body);
        return HttpResponse.json(body);
      }),
    );
    const { user } = await renderPage('PAYMENT_METHODS');
    // One page title; the PIX form is a section of it.
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Formas de pagamento',
    );
    const heading = await screen.findByRole('heading', { name: 'Configuração PIX', level: 2 });
    const form = within(heading.closest('section')!);
    expect(form.getAllByText('não configurado')).toHaveLength(3);

    await user.click(form.getByRole('button', { name: 'Editar' }));
    const save = form.getByRole('button', { name: 'Salvar' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Chave PIX'), 'loja@balcao.org');
    await user.type(screen.getByLabelText('Nome do recebedor'), 'Instituto Balcao');
    await user.type(screen.getByLabelText('Cidade do recebedor'), 'Fortaleza{Enter}');

    expect(await screen.findByText('loja@balcao.org')).toBeInTheDocument();
    expect(posted).toEqual([
      { chave: 'loja@balcao.org', nome: 'Instituto Balcao', cidade: 'Fortaleza' },
    ]);
  });
});

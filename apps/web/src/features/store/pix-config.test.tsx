import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { App } from '../../App';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { signedInSession } from '../../testing/fixtures';

describe('Configuração PIX', () => {
  it('shows the saved key and saves an edited one', { timeout: 20_000 }, async () => {
    const posted: unknown[] = [];
    server.use(
      http.get('/api/payment-methods/select', () => HttpResponse.json({ data: [] })),
      http.get('/api/carrinho/pix/config', () =>
        HttpResponse.json({ chave: '', nome: '', cidade: '' }),
      ),
      http.post('/api/carrinho/pix/config', async ({ request }) => {
        const body = await request.json();
        posted.push(body);
        return HttpResponse.json(body);
      }),
    );
    const { user } = renderWithProviders(<App />, {
      preloadedState: { session: signedInSession({ adminPage: null }) },
    });
    await user.click(screen.getByRole('button', { name: 'Formas de pagamento' }));
    const heading = await screen.findByRole('heading', { name: 'Configuração PIX' });
    const form = within(heading.closest('section')!);
    expect(form.getAllByText('não configurado')).toHaveLength(3);

    await user.click(form.getByRole('button', { name: 'Editar' }));
    const save = form.getByRole('button', { name: 'Salvar' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Chave PIX'), 'loja@balcao.org');
    await user.type(screen.getByLabelText('Nome do recebedor'), 'Instituto Balcao');
    await user.type(screen.getByLabelText('Cidade do recebedor'), 'Fortaleza{Enter}');

    expect(await screen.findByText('loja@balcao.org')).toBeInTheDocument();
    expect(screen.getByText('Configuração salva!')).toBeInTheDocument();
    expect(posted).toEqual([
      { chave: 'loja@balcao.org', nome: 'Instituto Balcao', cidade: 'Fortaleza' },
    ]);
  });
});

import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { App } from '../../App';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { signedInSession } from '../../testing/fixtures';

describe('Usuários page', () => {
  it('loads permissions, profiles, centers and categories after the selected event', async () => {
    const calls: string[] = [];
    const list = (url: string, data: unknown[]) =>
      http.get(url, () => {
        calls.push(url);
        return HttpResponse.json({ data });
      });
    server.use(
      http.get('/api/events/selected', () => {
        calls.push('/api/events/selected');
        return HttpResponse.json({ error: 'not_found', error_description: 'x' }, { status: 404 });
      }),
      list('/api/permissions/select', [
        { id: 1, name: 'System', friendlyName: 'Sistema' },
        { id: 17, name: 'Checkout', friendlyName: 'Caixa' },
      ]),
      list('/api/profiles/select', [{ id: 4, name: 'Caixas' }]),
      list('/api/centers/select', [{ id: 7, name: 'Núcleo Fortaleza' }]),
      list('/api/product/categories/select', [{ id: 2, name: 'Livros', type: 'Produto' }]),
    );
    const { user } = renderWithProviders(<App />, {
      preloadedState: { session: signedInSession({ adminPage: null }) },
    });
    await user.click(screen.getByRole('button', { name: 'Usuários' }));
    await screen.findByRole('table', { name: 'Usuários' });
    expect(calls).toEqual([
      '/api/events/selected',
      '/api/permissions/select',
      '/api/profiles/select',
      '/api/centers/select',
      '/api/product/categories/select',
    ]);

    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo registro' });
    expect(within(dialog).getByLabelText('Ativo')).toBeChecked();
    expect(within(dialog).getByRole('group', { name: 'Permissões diretas' })).toHaveTextContent(
      'SistemaCaixa',
    );
    expect(within(dialog).getByLabelText('Caixas')).not.toBeChecked();
    expect(within(dialog).getByLabelText('Núcleo')).toHaveTextContent('Núcleo Fortaleza');

    await user.type(within(dialog).getByLabelText('Senha'), 'segredo123');
    await user.type(within(dialog).getByLabelText('Confirmação da senha'), 'segredo12');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Informe o nome.');
    expect(alert).toHaveTextContent('Informe o usuário.');
    expect(alert).toHaveTextContent('A confirmação não confere com a senha.');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';

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
    const { user } = await renderPage('USERS');
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

  it("resets a user's two-factor login after the confirmation, showing a refusal in the error dialog", async () => {
    const resets: string[] = [];
    server.use(
      http.get('/api/users/select', () =>
        HttpResponse.json({
          data: [
            {
              id: 5,
              name: 'Ana Caixa',
              username: 'ana',
              active: true,
              profiles: [],
              permissions: [],
            },
          ],
          recordsTotal: 1,
          recordsFiltered: 1,
        }),
      ),
      http.post('/api/users/:id/totp/reset', ({ params }) => {
        resets.push(String(params.id));
        return resets.length === 1
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json(
              {
                error: 'invalid_request',
                error_description: 'A autenticação em dois fatores deste usuário não está ativa.',
              },
              { status: 400 },
            );
      }),
    );
    const { user } = await renderPage('USERS');
    const table = await screen.findByRole('table', { name: 'Usuários' });
    const reset = screen.getByRole('button', { name: 'Redefinir autenticação em dois fatores' });
    expect(reset).toBeDisabled();
    await user.click(await within(table).findByRole('cell', { name: 'Ana Caixa' }));
    await user.click(reset);
    let dialog = await screen.findByRole('dialog', { name: 'Confirmar ação' });
    expect(dialog).toHaveTextContent('Redefinir a autenticação em dois fatores de ana?');
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(resets).toEqual([]);

    await user.click(reset);
    dialog = await screen.findByRole('dialog', { name: 'Confirmar ação' });
    await user.click(within(dialog).getByRole('button', { name: 'Redefinir' }));
    expect(
      await screen.findByText('Autenticação em dois fatores de ana redefinida.'),
    ).toBeInTheDocument();
    expect(resets).toEqual(['5']);

    await waitFor(() => expect(reset).toBeEnabled());
    await user.click(reset);
    dialog = await screen.findByRole('dialog', { name: 'Confirmar ação' });
    await user.click(within(dialog).getByRole('button', { name: 'Redefinir' }));
    const error = await screen.findByRole('dialog', { name: 'Ocorreu um erro' });
    expect(error).toHaveTextContent('A autenticação em dois fatores deste usuário não está ativa.');
  });

  it('shows the accounts the login limits hold and unlocks the selected one', async () => {
    const ana = { userId: 5, username: 'ana', failures: 12 };
    let locks = [ana, { userId: 6, username: 'bruno', failures: 5 }];
    const cleared: string[] = [];
    server.use(
      http.get('/api/users/select', () =>
        HttpResponse.json({
          data: [
            {
              id: 5,
              name: 'Ana Caixa',
              username: 'ana',
              active: true,
              profiles: [],
              permissions: [],
            },
            {
              id: 7,
              name: 'Caio Livre',
              username: 'caio',
              active: true,
              profiles: [],
              permissions: [],
            },
          ],
          recordsTotal: 2,
          recordsFiltered: 2,
        }),
      ),
      http.get('/api/users/login-locks', () => HttpResponse.json({ data: locks })),
      http.delete('/api/users/:id/login-lock', ({ params }) => {
        cleared.push(String(params.id));
        locks = locks.filter((lock) => String(lock.userId) !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await renderPage('USERS');
    const table = await screen.findByRole('table', { name: 'Usuários' });
    expect(
      await screen.findByText(
        'Acesso bloqueado por tentativas de senha: ana (12 falhas), bruno (5 falhas)',
      ),
    ).toBeInTheDocument();
    const unlock = screen.getByRole('button', { name: 'Desbloquear acesso' });
    expect(unlock).toBeDisabled();
    await user.click(await within(table).findByRole('cell', { name: 'Caio Livre' }));
    expect(unlock).toBeDisabled(); // caio is not locked
    await user.click(within(table).getByRole('cell', { name: 'Ana Caixa' }));
    expect(unlock).toBeEnabled();
    await user.click(unlock);
    expect(await screen.findByText('Acesso de ana desbloqueado.')).toBeInTheDocument();
    expect(cleared).toEqual(['5']);
    expect(
      await screen.findByText('Acesso bloqueado por tentativas de senha: bruno (5 falhas)'),
    ).toBeInTheDocument();
    expect(unlock).toBeDisabled();
  });

  it('shows no locks and no unlock button to a user without System', async () => {
    server.use(
      http.get('/api/users/login-locks', () =>
        HttpResponse.json({ error: 'forbidden', error_description: 'x' }, { status: 403 }),
      ),
    );
    await renderPage('USERS', { permissions: ['Event'] });
    await screen.findByRole('table', { name: 'Usuários' });
    expect(screen.queryByRole('button', { name: 'Desbloquear acesso' })).toBeNull();
  });
});

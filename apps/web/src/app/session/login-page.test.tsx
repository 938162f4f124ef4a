import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TokenRequest } from '@balcao/contract';
import { App } from '../../App';
import { server } from '../../testing/server';
import { renderWithProviders } from '../../testing/render';
import { tokenResponse } from '../../testing/fixtures';
import { initialSessionState } from './slice';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('login page', () => {
  it('moves to the password on Enter and clears the focused field on Escape', async () => {
    const { user } = renderWithProviders(<App />);
    const username = screen.getByLabelText('Usuário');
    const password = screen.getByLabelText('Senha');
    expect(username).toHaveFocus();

    await user.type(username, 'maria{Enter}');
    expect(password).toHaveFocus();
    expect(username).toHaveValue('maria');

    await user.type(password, 'segredo');
    await user.keyboard('{Escape}');
    expect(password).toHaveValue('');
    expect(username).toHaveValue('maria');

    await user.click(username);
    await user.keyboard('{Escape}');
    expect(username).toHaveValue('');
  });

  it("submits on Enter in the password, shows 'Processando...' while running, then opens the first page", async () => {
    const answer = gate();
    let body: TokenRequest | undefined;
    server.use(
      http.post('/api/token', async ({ request }) => {
        body = (await request.json()) as TokenRequest;
        await answer.opened;
        return HttpResponse.json(tokenResponse({ username: 'admin', permissions: ['System'] }));
      }),
    );
    const { user } = renderWithProviders(<App />);

    await user.type(screen.getByLabelText('Usuário'), 'admin{Enter}');
    await user.type(screen.getByLabelText('Senha'), 'admin12345{Enter}');

    const button = await screen.findByRole('button', { name: 'Processando...' });
    expect(button).toBeDisabled();
    answer.open();

    expect(await screen.findByRole('heading', { name: 'Usuários' })).toBeInTheDocument();
    expect(body).toEqual({ grant_type: 'password', username: 'admin', password: 'admin12345' });
    expect(screen.getByText('Olá, admin')).toBeInTheDocument();
  });

  it('asks for the TOTP code after a right password, focused, and sends it on Enter', async () => {
    const bodies: TokenRequest[] = [];
    server.use(
      http.post('/api/token', async ({ request }) => {
        const body = (await request.json()) as TokenRequest;
        bodies.push(body);
        if (!('totp_code' in body) || body.totp_code === undefined) {
          return HttpResponse.json(
            { error: 'totp_required', error_description: 'Informe o código.' },
            { status: 400 },
          );
        }
        return HttpResponse.json(tokenResponse({ username: 'admin', permissions: ['System'] }));
      }),
    );
    const { user } = renderWithProviders(<App />);
    await user.type(screen.getByLabelText('Usuário'), 'admin{Enter}');
    await user.type(screen.getByLabelText('Senha'), 'admin12345{Enter}');

    const code = await screen.findByLabelText('Código de verificação');
    await waitFor(() => expect(code).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument(); // a step, not an error
    await user.type(code, '123456{Enter}');

    expect(await screen.findByRole('heading', { name: 'Usuários' })).toBeInTheDocument();
    expect(bodies[1]).toEqual({
      grant_type: 'password',
      username: 'admin',
      password: 'admin12345',
      totp_code: '123456',
    });
  });

  it("shows the server's description when the login fails", async () => {
    server.use(
      http.post('/api/token', () =>
        HttpResponse.json(
          { error: 'invalid_grant', error_description: 'Usuário ou senha inválidos.' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(<App />);
    await user.type(screen.getByLabelText('Usuário'), 'admin{Enter}');
    await user.type(screen.getByLabelText('Senha'), 'errada{Enter}');

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Ocorreu um erro');
    expect(dialog).toHaveTextContent('Usuário ou senha inválidos.');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });

  it('reopens the last page the user opened in this browser', async () => {
    server.use(
      http.post('/api/token', () =>
        HttpResponse.json(tokenResponse({ username: 'maria', permissions: ['System', 'Event'] })),
      ),
    );
    const { user } = renderWithProviders(<App />, {
      preloadedState: { session: { ...initialSessionState, lastPages: { maria: 'EVENTS' } } },
    });
    await user.type(screen.getByLabelText('Usuário'), 'maria{Enter}');
    await user.type(screen.getByLabelText('Senha'), 'segredo{Enter}');
    expect(await screen.findByRole('heading', { name: 'Eventos' })).toBeInTheDocument();
  });

  it('falls back to the first page when the remembered one is no longer allowed', async () => {
    server.use(
      http.post('/api/token', () =>
        HttpResponse.json(tokenResponse({ username: 'maria', permissions: ['Checkout'] })),
      ),
    );
    const { user } = renderWithProviders(<App />, {
      preloadedState: { session: { ...initialSessionState, lastPages: { maria: 'USERS' } } },
    });
    await user.type(screen.getByLabelText('Usuário'), 'maria{Enter}');
    await user.type(screen.getByLabelText('Senha'), 'segredo{Enter}');
    expect(await screen.findByRole('heading', { name: 'Loja' })).toBeInTheDocument();
  });

  it("never flashes 'Nenhuma permissão' while an admin's first page is being chosen", async () => {
    const status = gate();
    server.use(
      http.post('/api/token', () =>
        HttpResponse.json(tokenResponse({ permissions: ['System', 'Event'] })),
      ),
      http.get('/api/system/setup-status', async () => {
        await status.opened;
        return HttpResponse.json({ complete: true, steps: [] });
      }),
    );
    const { user, store } = renderWithProviders(<App />);
    await user.type(screen.getByLabelText('Usuário'), 'admin{Enter}');
    await user.type(screen.getByLabelText('Senha'), 'segredo{Enter}');
    // Signed in, the checklist's status still on its way: the screen says it is loading.
    await waitFor(() => expect(store.getState().session.user).not.toBeNull());
    expect(await screen.findByText('Carregando...')).toBeInTheDocument();
    expect(screen.queryByText('Nenhuma permissão para o seu usuário.')).not.toBeInTheDocument();
    status.open();
    expect(await screen.findByRole('heading', { name: 'Usuários' })).toBeInTheDocument();
  });

  it('shows the blank page to a user without permissions', async () => {
    server.use(
      http.post('/api/token', () => HttpResponse.json(tokenResponse({ permissions: [] }))),
    );
    const { user, store } = renderWithProviders(<App />);
    await user.type(screen.getByLabelText('Usuário'), 'admin{Enter}');
    await user.type(screen.getByLabelText('Senha'), 'segredo{Enter}');
    expect(await screen.findByText('Nenhuma permissão para o seu usuário.')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().navigation.loading).toBe(false));
    expect(store.getState().session.adminPage).toBeNull();
  });
});

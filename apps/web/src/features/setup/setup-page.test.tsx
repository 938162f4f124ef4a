import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { SETUP_STEPS, type SetupStatus, type SetupStepKey } from '@balcao/contract';
import { App } from '../../App';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { tokenResponse } from '../../testing/fixtures';

function statusWith(done: readonly SetupStepKey[], complete = false): SetupStatus {
  return { complete, steps: SETUP_STEPS.map((s) => ({ key: s.key, done: done.includes(s.key) })) };
}

/** Signs in through the login form, as the first admin does. */
async function signInAs(permissions: string[]) {
  server.use(
    http.post('/api/token', () =>
      HttpResponse.json(tokenResponse({ permissions: permissions as never })),
    ),
  );
  const rendered = renderWithProviders(<App />);
  await rendered.user.type(await screen.findByLabelText('Usuário'), 'admin');
  await rendered.user.type(screen.getByLabelText('Senha'), 'senha{Enter}');
  return rendered;
}

const stepItem = (label: string) =>
  screen.getByRole('button', { name: label }).closest('li') as HTMLElement;

describe('Primeiros passos', () => {
  it('opens first for the admin of a new installation, ticks what is done and links each step', async () => {
    server.use(
      http.get('/api/system/setup-status', () =>
        HttpResponse.json(statusWith(['course', 'center'])),
      ),
    );
    const { user, store } = await signInAs(['System', 'Course', 'Center', 'Event', 'Product']);

    expect(await screen.findByRole('heading', { name: 'Primeiros passos' })).toBeInTheDocument();
    expect(within(stepItem('Cadastrar um curso')).getByText('Feito')).toBeInTheDocument();
    expect(within(stepItem('Cadastrar um núcleo')).getByText('Feito')).toBeInTheDocument();
    expect(within(stepItem('Cadastrar um evento')).getByText('Pendente')).toBeInTheDocument();
    expect(within(stepItem('Cadastrar as impressoras')).getByText('opcional')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Selecionar o evento dos balcões' }));
    expect(await screen.findByRole('heading', { name: 'Eventos' })).toBeInTheDocument();
    expect(store.getState().session.adminPage).toBe('EVENTS');

    await user.click(screen.getByRole('button', { name: 'Primeiros passos' }));
    await user.click(
      await screen.findByRole('button', {
        name: 'Criar um usuário para o balcão de credenciamento',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Usuários' })).toBeInTheDocument();
  });

  it('keeps the first-page rule once the setup is complete, and leaves the menu', async () => {
    const { store } = await signInAs(['System']);
    expect(await screen.findByRole('heading', { name: 'Usuários' })).toBeInTheDocument();
    expect(store.getState().setup.status?.complete).toBe(true);
    expect(screen.queryByRole('button', { name: 'Primeiros passos' })).not.toBeInTheDocument();
  });

  it('never asks a desk clerk for the status', async () => {
    let asked = false;
    server.use(
      http.get('/api/system/setup-status', () => {
        asked = true;
        return HttpResponse.json(statusWith([]));
      }),
    );
    await signInAs(['Subscription']);
    await screen.findByRole('heading', { name: 'Credenciamento' });
    await waitFor(() => expect(screen.queryByText('Carregando...')).not.toBeInTheDocument());
    expect(asked).toBe(false);
  });

  it('leaves the menu once a save completes the required steps', async () => {
    let status = statusWith(['course', 'center', 'event', 'selectedEvent']);
    server.use(
      http.get('/api/system/setup-status', () => HttpResponse.json(status)),
      http.post('/api/users/insert', () => {
        status = statusWith(
          ['course', 'center', 'event', 'selectedEvent', 'accreditationUser'],
          true,
        );
        return HttpResponse.json({ data: [{ id: 9, username: 'balcao1', name: 'Balcão 1' }] });
      }),
    );
    const { user } = await signInAs(['System']);
    await user.click(
      await screen.findByRole('button', {
        name: 'Criar um usuário para o balcão de credenciamento',
      }),
    );
    await screen.findByRole('heading', { name: 'Usuários' });
    expect(screen.getByRole('button', { name: 'Primeiros passos' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo registro' });
    await user.type(within(dialog).getByLabelText('Usuário'), 'balcao1');
    await user.type(within(dialog).getByLabelText('Nome'), 'Balcão 1');
    await user.type(within(dialog).getByLabelText('Senha'), 'senha-forte-1');
    await user.type(within(dialog).getByLabelText('Confirmação da senha'), 'senha-forte-1');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Primeiros passos' })).not.toBeInTheDocument(),
    );
  });
});

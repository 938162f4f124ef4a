import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { SETUP_STEPS, type SetupStatus, type SetupStepKey } from '@balcao/contract';
import { App } from '../../App';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { tokenResponse } from '../../testing/fixtures';
import { noPspConnected } from '../../testing/fake-pix';

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

describe('Primeiros passos', { timeout: 20_000 }, () => {
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
    // The núcleo needs a city: its step comes right before.
    expect(within(stepItem('Cadastrar uma cidade')).getByText('Pendente')).toBeInTheDocument();
    expect(stepItem('Cadastrar uma cidade').nextElementSibling).toBe(
      stepItem('Cadastrar um núcleo'),
    );
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

  it('keeps the first-page rule once the setup is complete, and stays under Configurações with its optional steps', async () => {
    server.use(
      http.get('/api/carrinho/pix/config', () =>
        HttpResponse.json({ chave: '', nome: '', cidade: '' }),
      ),
      // The PSP card below it (docs/pix.md).
      noPspConnected(),
    );
    const { store, user } = await signInAs(['System']);
    expect(await screen.findByRole('heading', { name: 'Usuários' })).toBeInTheDocument();
    expect(store.getState().setup.status?.complete).toBe(true);
    // No longer atop the menu: one entry, in the group of the open page ('Usuários').
    const group = document.getElementById('menu-group-Configurações')!;
    await user.click(within(group).getByRole('button', { name: 'Primeiros passos' }));
    expect(await screen.findByRole('heading', { name: 'Primeiros passos' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Primeiros passos' })).toHaveLength(1);
    expect(within(stepItem('Configurar a chave PIX do caixa')).getByText('opcional')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Configurar a chave PIX do caixa' }));
    expect(await screen.findByRole('heading', { name: 'Formas de pagamento' })).toBeInTheDocument();
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

    // The checklist leaves the top of the menu (it stays under Configurações).
    const menu = screen.getByRole('navigation', { name: 'Menu principal' });
    await waitFor(() =>
      expect(within(menu).getAllByRole('button')[0]).not.toHaveTextContent('Primeiros passos'),
    );
  });
});

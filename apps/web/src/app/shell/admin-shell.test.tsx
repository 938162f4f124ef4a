import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { PERMISSIONS, menuGroupsFor } from '@balcao/contract';
import { App } from '../../App';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { eventDto, signedInSession } from '../../testing/fixtures';
import type { RootState } from '../store';
import { unsavedWorkChanged } from '../navigation/slice';
import { PAGE_COMPONENTS } from './pages';

/** The administrator: every permission but the kiosk's (a kiosk sees no menu). */
const ADMIN = PERMISSIONS.filter((permission) => permission !== 'Kiosk');

const menu = () => screen.getByRole('navigation', { name: 'Menu principal' });

/** The menu's items and 'Sair', without the group headings (the buttons that expand). */
function menuLabels() {
  return within(menu())
    .getAllByRole('button')
    .filter((button) => !button.hasAttribute('aria-expanded'))
    .map((button) => button.textContent);
}

const heading = (group: string) => within(menu()).getByRole('button', { name: `Grupo ${group}` });

function renderShell(preloadedState: Partial<RootState>) {
  return renderWithProviders(<App />, { preloadedState });
}

describe('page chunks', () => {
  it("fetches the desks in the user's menu once signed in, and nothing else", async () => {
    const preload = (page: keyof typeof PAGE_COMPONENTS) =>
      vi.spyOn(PAGE_COMPONENTS[page]!, 'preload');
    const accreditation = preload('SUBSCRIPTION');
    const exchange = preload('CHANGE_COURSEWARE');
    const users = preload('USERS');
    const coursewares = preload('COURSEWARES');

    renderShell({
      session: signedInSession({
        permissions: ['Courseware', 'Subscription'],
        adminPage: 'COURSEWARES',
      }),
    });

    expect(coursewares).toHaveBeenCalled(); // the page on screen, at once
    await waitFor(() => expect(accreditation).toHaveBeenCalled()); // the desks, once idle
    expect(exchange).not.toHaveBeenCalled(); // not in this user's menu
    expect(users).not.toHaveBeenCalled();
  });
});

describe('admin shell menu', () => {
  it("shows a Checkout-only user 'Loja' and 'Configurar webcam', not 'Usuários'", () => {
    renderShell({ session: signedInSession({ permissions: ['Checkout'], adminPage: 'CHECKOUT' }) });
    expect(menuLabels()).toEqual(['Loja', 'Configurar webcam', 'Sair']);
    expect(screen.queryByRole('button', { name: 'Usuários' })).not.toBeInTheDocument();
  });

  it('shows an admin the full production menu, without the e-mails item', () => {
    renderShell({
      session: signedInSession({ permissions: ADMIN, adminPage: 'USERS' }),
    });
    const expected = menuGroupsFor(ADMIN, 'production').flatMap(({ items }) =>
      items.map((item) => item.label),
    );
    expect(menuLabels()).toEqual([...expected, 'Sair']);
    expect(expected).toContain('Países');
    expect(expected).toContain('Relatório de Apostilas por Núcleo');
    expect(screen.queryByRole('button', { name: 'Enviar e-mails' })).not.toBeInTheDocument();
  });

  it("shows 'Enviar e-mails' in FULL_SGE mode and hides the production-only items", () => {
    renderShell({
      session: signedInSession({ permissions: ['System'], adminPage: 'USERS' }),
      config: { appMode: 'FULL_SGE', loaded: true },
    });
    expect(screen.getByRole('button', { name: 'Enviar e-mails' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Países' })).not.toBeInTheDocument();
  });

  it('marks the open page as the active item', () => {
    renderShell({ session: signedInSession({ adminPage: 'USERS' }) });
    expect(screen.getByRole('button', { name: 'Usuários' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('button', { name: 'Impressoras' })).not.toHaveAttribute('aria-current');
  });
});

describe('admin shell menu groups', () => {
  it('shows the headings of the groups the user has items in, in order', () => {
    renderShell({
      session: signedInSession({ permissions: ADMIN, adminPage: 'USERS' }),
    });
    const headings = within(menu())
      .getAllByRole('button')
      .filter((button) => button.hasAttribute('aria-expanded'))
      .map((button) => button.getAttribute('aria-label'));
    expect(headings).toEqual([
      'Grupo Credenciamento',
      'Grupo Loja',
      'Grupo Cupons',
      'Grupo Relatórios',
      'Grupo Cadastros',
      'Grupo Configurações',
    ]);
  });

  it("opens the current page's group, follows the page and toggles on a heading click", async () => {
    const { user } = renderShell({
      session: signedInSession({ permissions: ['System', 'Event'], adminPage: 'USERS' }),
    });
    expect(heading('Configurações')).toHaveAttribute('aria-expanded', 'true');
    expect(heading('Cadastros')).toHaveAttribute('aria-expanded', 'false');

    await user.click(heading('Cadastros'));
    expect(heading('Cadastros')).toHaveAttribute('aria-expanded', 'true');
    expect(heading('Configurações')).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Eventos' }));
    await screen.findByRole('heading', { name: 'Eventos' });
    expect(heading('Cadastros')).toHaveAttribute('aria-expanded', 'true');

    await user.click(heading('Cadastros'));
    expect(heading('Cadastros')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
  });

  it("tells the coupons report from the coupon list: 'Relatório de cupons'", async () => {
    const { user } = renderShell({
      session: signedInSession({ permissions: ['Coupons', 'Report'], adminPage: 'COUPONS' }),
    });
    const [list, report] = within(menu()).getAllByRole('button', { name: 'Cupons' });
    expect(list).not.toHaveAttribute('title');
    expect(report).toHaveAttribute('title', 'Relatório de cupons');
    expect(report!.closest('li.app-menu-group')).toContainElement(heading('Relatórios'));
    await user.click(report!);
    expect(await screen.findByRole('heading', { name: 'Relatório de cupons' })).toBeInTheDocument();
  });
});

describe('admin shell top bar', () => {
  it('shows the event, the center, the greeting and no-event text', async () => {
    server.use(http.get('/api/events/selected', () => HttpResponse.json(eventDto())));
    const { user } = renderShell({
      session: signedInSession({ username: 'joana', adminPage: 'USERS' }),
    });
    expect(screen.getByText('Nenhum evento selecionado')).toBeInTheDocument();
    expect(screen.getByText('Núcleo Fortaleza')).toBeInTheDocument();
    expect(screen.getByText('Olá, joana')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Impressoras' }));
    expect(await screen.findByText('Congresso Nacional 2025')).toBeInTheDocument();
  });

  it("opens 'Alterar senha' from the top bar", async () => {
    const { user } = renderShell({ session: signedInSession({ adminPage: 'USERS' }) });
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByRole('heading', { name: 'Alterar senha' })).toBeInTheDocument();
  });
});

describe('navigation', () => {
  it("shows 'Carregando...' then the page, ignoring clicks while loading", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let lookups = 0;
    server.use(
      http.get('/api/events/selected', async () => {
        lookups += 1;
        await released;
        return HttpResponse.json(eventDto());
      }),
    );
    const { user, store } = renderShell({ session: signedInSession({ adminPage: 'USERS' }) });

    await user.click(screen.getByRole('button', { name: 'Impressoras' }));
    expect(await screen.findByText('Carregando...')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Perfis de Usuários' }));
    // The top bar's page buttons wait too.
    const password = screen.getByRole('button', { name: 'Alterar senha' });
    expect(password).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Autenticação em dois fatores' })).toBeDisabled();
    await user.click(password);
    release();

    expect(await screen.findByRole('heading', { name: 'Impressoras' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Impressoras' })).toBeInTheDocument();
    expect(store.getState().session.adminPage).toBe('PRINTERS');
    expect(store.getState().session.lastPages).toEqual({ admin: 'PRINTERS' });
    expect(lookups).toBe(1);
    expect(screen.getByRole('button', { name: 'Alterar senha' })).toBeEnabled();
  });

  it("logs out with 'Sair': revokes the token and shows login", async () => {
    let revokedWith: string | null = null;
    server.use(
      http.post('/api/token/revoke', ({ request }) => {
        revokedWith = request.headers.get('Authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const session = signedInSession({ adminPage: 'USERS' });
    const { user, store } = renderShell({ session });

    await user.click(screen.getByRole('button', { name: 'Sair' }));

    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(revokedWith).toBe(`Bearer ${session.token?.access_token}`);
    expect(store.getState().session).toMatchObject({ token: null, user: null, landPage: 'LOGIN' });
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('balcao.session') ?? '{}')).toMatchObject({
        token: null,
        adminPage: null,
      }),
    );
  });
});

describe('lottery landing page', () => {
  it('closes back to the admin shell', async () => {
    const { user } = renderShell({
      session: { ...signedInSession({ adminPage: 'USERS' }), landPage: 'LOTTERY' },
    });
    expect(
      await screen.findByRole('heading', { name: 'Clique no botão para sortear' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fechar sorteio' }));
    expect(screen.getByRole('heading', { name: 'Usuários' })).toBeInTheDocument();
  });
});

describe('leaving unsaved work', () => {
  it('asks before a menu item or Sair would lose it, and leaves only when told to', async () => {
    const { user, store } = renderShell({
      session: signedInSession({ permissions: ['System'], adminPage: 'USERS' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Usuários' });
    act(() => void store.dispatch(unsavedWorkChanged('O layout')));

    await user.click(screen.getByRole('button', { name: 'Impressoras' }));
    const asked = await screen.findByRole('dialog', { name: 'Descartar alterações?' });
    expect(asked).toHaveTextContent('O layout tem alterações não salvas, que serão perdidas.');
    await user.click(within(asked).getByRole('button', { name: 'Voltar' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Usuários' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sair' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Descartar alterações?' })).getByRole(
        'button',
        { name: 'Voltar' },
      ),
    );
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument(); // still signed in

    await user.click(screen.getByRole('button', { name: 'Impressoras' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Descartar alterações?' })).getByRole(
        'button',
        { name: 'Descartar e sair' },
      ),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Impressoras' }),
    ).toBeInTheDocument();
    // Gone with the page: the next click goes straight on.
    await user.click(screen.getByRole('button', { name: 'Usuários' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Usuários' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { LoadingPage } from '../../ui/loading-page';
import userEvent from '@testing-library/user-event';
import { lazyPage } from './lazy-page';
import { PageLoadBoundary } from './page-load-boundary';

function Desk() {
  return <h1>Credenciamento</h1>;
}

describe('lazyPage', () => {
  it("shows 'Carregando...' until the page's chunk arrives, fetching it once", async () => {
    let arrive!: (module: { Desk: typeof Desk }) => void;
    const load = vi.fn(() => new Promise<{ Desk: typeof Desk }>((resolve) => (arrive = resolve)));
    const Page = lazyPage(load, (module) => module.Desk);

    render(
      <Suspense fallback={<LoadingPage />}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
    arrive({ Desk });

    expect(await screen.findByRole('heading', { name: 'Credenciamento' })).toBeInTheDocument();
    expect(screen.queryByText('Carregando...')).not.toBeInTheDocument();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a preloaded page at once, with no loading screen', async () => {
    const Page = lazyPage(
      async () => ({ Desk }),
      (module) => module.Desk,
    );
    await Page.preload();

    render(
      <Suspense fallback={<LoadingPage />}>
        <Page />
      </Suspense>,
    );

    expect(screen.getByRole('heading', { name: 'Credenciamento' })).toBeInTheDocument();
  });

  it('fetches again after a failed download', async () => {
    const load = vi
      .fn<() => Promise<{ Desk: typeof Desk }>>()
      .mockRejectedValueOnce(new Error('rede caiu'))
      .mockResolvedValueOnce({ Desk });
    const Page = lazyPage(load, (module) => module.Desk);

    await expect(Page.preload()).rejects.toThrow('Falha ao baixar o código da página.');
    await Page.preload();

    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a page whose chunk fails to download', () => {
  it("shows a pt-BR message with 'Recarregar' instead of a blank screen", async () => {
    const load = vi.fn(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const Page = lazyPage(load, (module: { Desk: typeof Desk }) => module.Desk);
    const reload = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error

    render(
      <PageLoadBoundary onReload={reload}>
        <Suspense fallback={<LoadingPage />}>
          <Page />
        </Suspense>
      </PageLoadBoundary>,
    );

    expect(
      await screen.findByText(
        'Não foi possível carregar esta página. Verifique a conexão com o servidor e clique em Recarregar.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('passes other errors on to the boundary above', () => {
    function Broken(): never {
      throw new Error('erro do componente');
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <PageLoadBoundary>
          <Broken />
        </PageLoadBoundary>,
      ),
    ).toThrow('erro do componente');
  });
});

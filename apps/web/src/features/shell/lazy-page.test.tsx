import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { LoadingPage } from '../../ui/loading-page';
import { lazyPage } from './lazy-page';

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

    await expect(Page.preload()).rejects.toThrow('rede caiu');
    await Page.preload();

    expect(load).toHaveBeenCalledTimes(2);
  });
});

import { lazy, type ComponentType } from 'react';

/** A page whose code is a separate chunk, fetched the first time it shows or when preloaded. */
export type LazyPage = ComponentType & { preload(): Promise<unknown> };

/** A page's chunk could not be fetched (the network dropped, or a new version replaced it). */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super('Falha ao baixar o código da página.', { cause });
    this.name = 'PageLoadError';
  }
}

/**
 * `lazyPage(() => import('../../features/area/x-page'), (m) => m.XPage)`: the page's module (and what only it
 * imports: tables, the QR scanner, charts) leaves the initial bundle. Until the chunk arrives the
 * nearest Suspense shows 'Carregando...'; once `preload` has fetched it, the page renders at once.
 * A failed download throws a PageLoadError to the nearest PageLoadBoundary
 * (page-load-boundary.tsx), whose 'Recarregar' reloads the app.
 */
export function lazyPage<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        // The next preload fetches again (and, once loaded, the page renders from `loaded`); the
        // lazy below keeps its failure, so React shows it instead of refetching on every render.
        loading = undefined;
        throw new PageLoadError(error);
      },
    ));
  const Pending = lazy(async () => ({ default: await preload() }));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Pending />;
  }
  return Object.assign(Page, { preload });
}

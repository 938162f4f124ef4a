import { lazy, type ComponentType } from 'react';

/** A page whose code is a separate chunk, fetched the first time it shows or when preloaded. */
export type LazyPage = ComponentType & { preload(): Promise<unknown> };

/**
 * `lazyPage(() => import('../area/x-page'), (m) => m.XPage)`: the page's module (and what only it
 * imports: tables, the QR scanner, charts) leaves the initial bundle. Until the chunk arrives the
 * nearest Suspense shows 'Carregando...'; once `preload` has fetched it, the page renders at once.
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
        loading = undefined; // a network blip: the next attempt fetches again
        throw error;
      },
    ));
  const Pending = lazy(async () => ({ default: await preload() }));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Pending />;
  }
  return Object.assign(Page, { preload });
}

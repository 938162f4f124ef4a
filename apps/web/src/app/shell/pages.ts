import { menuFor, type AdminPage, type AppMode, type MenuItem } from '@balcao/contract';
import { whenIdle } from '../../ui/when-idle';
import type { LazyPage } from './lazy-page';

/**
 * The component of each admin page, each its own chunk (lazy-page.ts), registered by the app's page
 * table (src/pages.tsx): the shell knows pages only through it. Pages not listed show a placeholder
 * until built.
 */
export const PAGE_COMPONENTS: Partial<Record<AdminPage, LazyPage>> = {};

export function registerPages(pages: Partial<Record<AdminPage, LazyPage>>): void {
  Object.assign(PAGE_COMPONENTS, pages);
}

/** Desks a clerk works at all day: fetched in the background once their user has signed in. */
const DESK_PAGES: readonly AdminPage[] = [
  'SUBSCRIPTION',
  'CHANGE_COURSEWARE',
  'RETURN_COURSEWARE',
  'STORE',
  'CHECKOUT',
  'STORE_CHECKOUT',
  'DELIVERY',
  'CHECKOUT_DELIVERY',
  'STORE_CHECKOUT_DELIVERY',
];

/**
 * Starts fetching the chunk of the page on screen, then those of the desks in this user's menu, one
 * at a time whenever the browser is idle: the page on screen paints and answers first, the other
 * desks' code arrives while the clerk reads it. Returns what stops the desks still waiting.
 */
export function preloadDesks(
  current: AdminPage | null,
  permissions: readonly string[],
  mode: AppMode,
): () => void {
  const desks = menuFor(permissions, mode)
    .map((item) => item.page)
    .filter((page) => page !== current && DESK_PAGES.includes(page));
  void preloadPage(current);
  let stopped = false;
  void (async () => {
    for (const page of new Set(desks)) {
      await whenIdle();
      if (stopped) return;
      await preloadPage(page);
    }
  })();
  return () => {
    stopped = true;
  };
}

/**
 * Starts fetching one page's chunk, settled once it has loaded (and its area registered) or
 * failed; a failure is retried when the page renders, which shows it (page-load-boundary.tsx).
 */
export function preloadPage(page: AdminPage | null): Promise<void> {
  const component = page ? PAGE_COMPONENTS[page] : undefined;
  return component ? component.preload().then(noop, noop) : Promise.resolve();
}

const noop = () => {};

const TITLES: Partial<Record<AdminPage, string>> = {
  PASSWORD: 'Alterar senha',
  TOTP: 'Autenticação em dois fatores',
  SETUP: 'Primeiros passos',
};

const menuTitle = (item: MenuItem | undefined) => item && (item.title ?? item.label);

/** The title of a page: its menu label as this user sees it ('Loja' included), or its title. */
export function pageTitle(page: AdminPage, permissions: readonly string[], mode: AppMode): string {
  return (
    TITLES[page] ?? menuTitle(menuFor(permissions, mode).find((item) => item.page === page)) ?? page
  );
}

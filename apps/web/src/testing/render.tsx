import type { ReactElement } from 'react';
import { act, render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { AdminPage, Permission } from '@balcao/contract';
import '../pages';
import { ErrorDialog } from '../app/errors/error-dialog';
import { openPage } from '../app/navigation/sagas';
import { selectCameraId } from '../app/session/slice';
import { PageContent } from '../app/shell/page-content';
import { makeStore, type AppStore, type PreloadedState } from '../app/store';
import { useAppSelector } from '../store/hooks';
import { ScannerCameraContext } from '../ui/scanner-camera';
import { SCAN_KEY_GAP_MS } from '../ui/scan-field';
import { signedInSession } from './fixtures';

interface ExtendedRenderOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  preloadedState?: PreloadedState;
  store?: AppStore;
}

/** What a selector reads from a test's store, an area's slices too (the core's RootState lacks them). */
export const selectFrom = <T,>(store: AppStore, selector: (state: never) => T): T =>
  selector(store.getState() as never);

/** Renders with a real store (reducers and sagas running), as the app does. */
export function renderWithProviders(ui: ReactElement, options: ExtendedRenderOptions = {}) {
  const { preloadedState, store = makeStore(preloadedState), ...renderOptions } = options;
  const user = userEvent.setup();
  const result = render(<Provider store={store}>{ui}</Provider>, renderOptions);
  return { store, user, ...result };
}

/**
 * The open admin page where the shell shows it (PageContent in <main>: 'Carregando...', then the
 * page, or the page a link on it opens), with what App puts around every screen: the session's
 * camera for the QR scanners and the one error dialog. No menu, no top bar.
 */
function OpenPage() {
  return (
    <ScannerCameraContext value={useAppSelector(selectCameraId)}>
      <main>
        <PageContent />
      </main>
      <ErrorDialog />
    </ScannerCameraContext>
  );
}

interface PageRenderOptions extends ExtendedRenderOptions {
  /** The signed-in user's permissions, unless `preloadedState` brings its own session. */
  permissions?: Permission[];
}

/**
 * Opens one admin page as a menu click does (app/navigation/sagas.ts `openPage`): its chunk
 * alone, whose area brings its slices, sagas and loads, the selected event, the page's loads,
 * then `pageOpened`. Settles once the page shows.
 */
export async function renderPage(page: AdminPage, options: PageRenderOptions = {}) {
  const { permissions, preloadedState, ...rest } = options;
  const session = preloadedState?.session ?? signedInSession({ permissions });
  const rendered = renderWithProviders(<OpenPage />, {
    preloadedState: { ...preloadedState, session },
    ...rest,
  });
  await act(() => rendered.store.runSaga(openPage, page).toPromise());
  return rendered;
}

/**
 * The pause a person takes before pressing a key: an Enter sooner than this after typed keys is
 * taken for a scanner's trailing Enter and does not press the button that has the focus.
 */
export const personPause = () =>
  new Promise((resolve) => setTimeout(resolve, SCAN_KEY_GAP_MS + 20));

/**
 * Sends keys at a scanner's speed however busy the machine: the clock jsdom stamps events with
 * (Date) stands still meanwhile, so no key seems to come after a person's pause. (CI once took
 * over 100 ms between a typed code and its Enter, and the desk rightly took it for a person.)
 */
export async function atScannerSpeed(keys: () => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    await keys();
  } finally {
    vi.useRealTimers();
  }
}

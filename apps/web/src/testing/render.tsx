import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import '../pages';
import { PAGE_COMPONENTS } from '../app/shell/pages';
import { makeStore, type AppStore, type RootState } from '../app/store';
import { SCAN_KEY_GAP_MS } from '../ui/scan-field';

// Each page is its own chunk in the app; tests fetch them all first, so an opened page shows at
// once, as it does in the app once preloaded (app/shell/lazy-page.test.tsx covers the wait).
await Promise.all(Object.values(PAGE_COMPONENTS).map((page) => page.preload()));

interface ExtendedRenderOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
}

/** Renders with a real store (reducers and sagas running), as the app does. */
export function renderWithProviders(ui: ReactElement, options: ExtendedRenderOptions = {}) {
  const { preloadedState, store = makeStore(preloadedState), ...renderOptions } = options;
  const user = userEvent.setup();
  const result = render(<Provider store={store}>{ui}</Provider>, renderOptions);
  return { store, user, ...result };
}

/**
 * The pause a person takes before pressing a key: an Enter sooner than this after typed keys is
 * taken for a scanner's trailing Enter and does not press the button that has the focus.
 */
export const personPause = () =>
  new Promise((resolve) => setTimeout(resolve, SCAN_KEY_GAP_MS + 20));

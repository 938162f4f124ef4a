import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore, type AppStore, type RootState } from '../store/store';

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

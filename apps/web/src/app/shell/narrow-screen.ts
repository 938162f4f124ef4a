import { useSyncExternalStore } from 'react';

/** Below Bootstrap's lg breakpoint the menu folds away behind a 'Menu' button (phones, tablets). */
const NARROW = '(max-width: 991.98px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

// jsdom has no matchMedia: there the screen counts as wide, the menu always shown.
const isNarrow = () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches;

/** Whether the window is too narrow for the side menu beside the page. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow);
}

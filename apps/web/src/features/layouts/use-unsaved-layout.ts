import { useEffect } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { unsavedWorkChanged } from '../../app/navigation/slice';

/** While the layout holds unsaved changes, the menu (and the browser) ask before leaving. */
export function useUnsavedLayout(dirty: boolean) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(unsavedWorkChanged(dirty ? 'O layout' : null));
  }, [dirty, dispatch]);
  useEffect(() => () => void dispatch(unsavedWorkChanged(null)), [dispatch]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

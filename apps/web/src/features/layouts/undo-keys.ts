import type { KeyboardEvent } from 'react';

const isTextField = (target: EventTarget) =>
  target instanceof HTMLElement && target.closest('input, textarea, select') !== null;

/** Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y anywhere in the editor but in a field (whose own undo runs). */
export function undoKeys(undo: () => void, redo: () => void) {
  return (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || isTextField(event.target)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) undo();
    else if ((key === 'z' && event.shiftKey) || key === 'y') redo();
    else return;
    event.preventDefault();
  };
}

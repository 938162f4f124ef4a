/**
 * The editor's undo and redo: a bounded past, the present and the undone future. Consecutive
 * changes of one `group` (the keys typed in one field, one drag) are one step; `sealed` ends the
 * group, so the next change of that field is a step of its own.
 */

/** How many steps Desfazer can go back. */
export const HISTORY_LIMIT = 100;

export interface EditorHistory<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
  /** The group the present's last change belongs to; null: the next change is a new step. */
  group: string | null;
}

export type HistoryAction<T> =
  | { type: 'changed'; value: T; group?: string }
  | { type: 'sealed' }
  | { type: 'undone' }
  | { type: 'redone' };

export function startHistory<T>(value: T): EditorHistory<T> {
  return { past: [], present: value, future: [], group: null };
}

export function editorHistory<T>(
  state: EditorHistory<T>,
  action: HistoryAction<T>,
): EditorHistory<T> {
  switch (action.type) {
    case 'changed': {
      if (action.value === state.present) return state;
      const group = action.group ?? null;
      if (group !== null && group === state.group) {
        return { ...state, present: action.value, future: [] };
      }
      return {
        past: [...state.past, state.present].slice(-HISTORY_LIMIT),
        present: action.value,
        future: [],
        group,
      };
    }
    case 'sealed':
      return state.group === null ? state : { ...state, group: null };
    case 'undone': {
      const previous = state.past.at(-1);
      if (previous === undefined) return state;
      return {
        past: state.past.slice(0, -1),
        present: previous,
        future: [state.present, ...state.future],
        group: null,
      };
    }
    case 'redone': {
      const [next, ...rest] = state.future;
      if (next === undefined) return state;
      return {
        past: [...state.past, state.present].slice(-HISTORY_LIMIT),
        present: next,
        future: rest,
        group: null,
      };
    }
  }
}

export const canUndo = (state: EditorHistory<unknown>) => state.past.length > 0;
export const canRedo = (state: EditorHistory<unknown>) => state.future.length > 0;

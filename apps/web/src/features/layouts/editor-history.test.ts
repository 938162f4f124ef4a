import { canRedo, canUndo, editorHistory, HISTORY_LIMIT, startHistory } from './editor-history';

describe('editorHistory', () => {
  it('undoes and redoes changes in order, and a new change drops the redo', () => {
    let state = startHistory('a');
    state = editorHistory(state, { type: 'changed', value: 'b' });
    state = editorHistory(state, { type: 'changed', value: 'c' });
    expect(canUndo(state)).toBe(true);
    expect(canRedo(state)).toBe(false);

    state = editorHistory(state, { type: 'undone' });
    expect(state.present).toBe('b');
    state = editorHistory(state, { type: 'undone' });
    expect(state.present).toBe('a');
    expect(canUndo(state)).toBe(false);
    expect(editorHistory(state, { type: 'undone' })).toBe(state);

    state = editorHistory(state, { type: 'redone' });
    expect(state.present).toBe('b');
    expect(canRedo(state)).toBe(true);

    state = editorHistory(state, { type: 'changed', value: 'd' });
    expect(state.present).toBe('d');
    expect(canRedo(state)).toBe(false);
    expect(state.past).toEqual(['a', 'b']);
  });

  it('makes one step of a group of changes until it is sealed', () => {
    let state = startHistory('');
    for (const value of ['O', 'Ol', 'Olá']) {
      state = editorHistory(state, { type: 'changed', value, group: 'text' });
    }
    expect(state.past).toEqual(['']);
    state = editorHistory(state, { type: 'sealed' });
    state = editorHistory(state, { type: 'changed', value: 'Olá!', group: 'text' });
    expect(state.past).toEqual(['', 'Olá']);
    state = editorHistory(state, { type: 'changed', value: 'Olá!!', group: 'size' });
    expect(state.past).toEqual(['', 'Olá', 'Olá!']);

    state = editorHistory(state, { type: 'undone' });
    // An undo ends the group: the next change of the same field is a new step.
    state = editorHistory(state, { type: 'changed', value: 'x', group: 'text' });
    expect(state.past).toEqual(['', 'Olá', 'Olá!']);
  });

  it('ignores a change to the very same value', () => {
    const state = startHistory({ n: 1 });
    expect(editorHistory(state, { type: 'changed', value: state.present })).toBe(state);
  });

  it(`keeps at most ${HISTORY_LIMIT} steps`, () => {
    let state = startHistory(0);
    for (let value = 1; value <= HISTORY_LIMIT + 20; value++) {
      state = editorHistory(state, { type: 'changed', value });
    }
    expect(state.past).toHaveLength(HISTORY_LIMIT);
    expect(state.past[0]).toBe(20);
    for (let step = 0; step < HISTORY_LIMIT; step++)
      state = editorHistory(state, { type: 'undone' });
    expect(state.present).toBe(20);
    expect(canUndo(state)).toBe(false);
  });
});

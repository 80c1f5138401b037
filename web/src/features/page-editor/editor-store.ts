/**
 * The editor's state outside React (a tiny external store over the pure reducer of editor-state.ts): the editor bar
 * and every region read it with `useSyncExternalStore`, so typing in one region re-renders that region and the bar,
 * not the whole page through the EditingContext.
 */
import { type EditorAction, type EditorState, editorReducer, initialEditorState } from './editor-state';

export interface EditorStore {
  getState(): EditorState;
  dispatch(action: EditorAction): void;
  subscribe(listener: () => void): () => void;
}

export function createEditorStore(initial: EditorState = initialEditorState): EditorStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = editorReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

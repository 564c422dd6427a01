import { useEffect, useReducer } from 'react';
import { editorReducer } from '../state/editor-reducer';
import { initialEditorState, type SoeEditorData } from '../state/editor-state';

/** The editor's working copy of `data`, started from it once; `dispatch` edits it. */
export function useWorkingCopy(data: SoeEditorData) {
  const [state, dispatch] = useReducer(editorReducer, data, initialEditorState);
  // The grid's read may answer after the tables are shown (useSoeEditorData).
  const { mapping } = data;
  useEffect(() => {
    if (mapping) dispatch({ type: 'mappingLoaded', mapping });
  }, [mapping]);
  return [state, dispatch] as const;
}

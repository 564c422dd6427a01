import { useCallback, useState, type Dispatch } from 'react';
import { useLocation } from 'react-router';
import type { EditorAction } from '../state/editor-reducer';
import { editedSection, initialSections, withSection, type OpenSections } from '../state/open-sections';
import { readViewMemory, useViewMemory } from './use-view-memory';

/**
 * The study tab's open sections, kept with the view in session storage (useViewMemory), and `edit`: `dispatch`
 * that also remembers the table last edited. `flush` writes the view at once (before a save's reload).
 */
export function useEditorSections(soeId: number, dispatch: Dispatch<EditorAction>) {
  const { key: locationKey } = useLocation();
  const [remembered] = useState(() => readViewMemory(soeId, locationKey));
  const [open, setOpen] = useState<OpenSections>(() => initialSections(remembered));
  const { edited, flush } = useViewMemory(soeId, locationKey, open, remembered);
  // Every edit goes through here, so that the view remembers the table last edited.
  const edit = useCallback(
    (action: EditorAction) => {
      const section = editedSection(action);
      if (section) edited(section);
      dispatch(action);
    },
    [edited, dispatch],
  );
  const onOpen = useCallback(
    (id: string, next: boolean) => setOpen((prev) => withSection(prev, id, next)),
    [],
  );
  return { open, onOpen, edit, flush };
}

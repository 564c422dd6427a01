import { useCallback, useState, type Dispatch } from 'react';
import type { SoeDialog } from '../components/soe-dialogs';
import type { EditorAction } from '../state/editor-reducer';

/** Which of the editor's dialogs is open (Edit, View, Export Tables; Upload ePrice apart), and their openers. */
export function useEditorDialogs(
  dirty: boolean,
  reload: () => Promise<void>,
  dispatch: Dispatch<EditorAction>,
) {
  const [dialog, setDialog] = useState<SoeDialog>(null);
  const onEditField = useCallback(() => setDialog('edit'), []);
  // Unsaved table edits survive an edit of the SOE's own fields (its reads refetch, the working copy stays).
  const onEdited = useCallback(
    (savedVersion: number) =>
      dirty ? dispatch({ type: 'detailsSaved', version: savedVersion }) : void reload(),
    [dirty, reload, dispatch],
  );
  const onView = useCallback(() => setDialog('view'), []);
  const onExport = useCallback(() => setDialog('export'), []);
  const [epriceOpen, setEpriceOpen] = useState(false);
  const onUpload = useCallback(() => setEpriceOpen(true), []);
  return {
    dialog,
    closeDialog: () => setDialog(null),
    epriceOpen,
    closeEprice: () => setEpriceOpen(false),
    onEditField,
    onEdited,
    onView,
    onExport,
    onUpload,
  };
}

/** What useEditorDialogs returns. */
export type EditorDialogs = ReturnType<typeof useEditorDialogs>;

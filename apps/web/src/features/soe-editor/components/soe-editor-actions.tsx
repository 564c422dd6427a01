import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { soeListPath } from '@/features/soe';
import { studyShowsCosts, UploadEpriceDialog } from '@/features/soe-uploads';
import type { EditorDialogs } from '../hooks/use-editor-dialogs';
import type { SaveAndLeave } from '../hooks/use-save-and-leave';
import type { SoeEditorData } from '../state/editor-state';
import { BottomBar } from './bottom-bar';
import { SoeDialogs } from './soe-dialogs';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

export interface SoeEditorActionsProps {
  studyId: number;
  soeId: number;
  data: SoeEditorData;
  readOnly: boolean;
  dirty: boolean;
  /** A field shows an invalid value, or the grid is not read yet: Save waits. */
  blocked: boolean;
  save: SaveAndLeave;
  dialogs: EditorDialogs;
  reload: () => Promise<void>;
}

/** The bottom bar and the dialogs its buttons and the leave guard open. */
export function SoeEditorActions({
  studyId,
  soeId,
  data,
  readOnly,
  dirty,
  blocked,
  save,
  dialogs,
  reload,
}: SoeEditorActionsProps) {
  const { saver, leave } = save;
  const navigate = useNavigate();
  const studyPath = soeListPath(studyId);
  const onCancel = useCallback(() => void navigate(studyPath), [navigate, studyPath]);
  return (
    <>
      <BottomBar
        studyPath={studyPath}
        readOnly={readOnly}
        dirty={dirty}
        blocked={blocked}
        saving={saver.saving}
        onCancel={onCancel}
        onEdit={dialogs.onEditField}
        onView={dialogs.onView}
        onSave={save.onSave}
        onExport={dialogs.onExport}
        onUpload={dialogs.onUpload}
      />
      <UnsavedChangesDialog
        open={leave.state === 'blocked'}
        saving={saver.saving}
        onClose={() => leave.reset?.()}
        onExitWithoutSaving={() => leave.proceed?.()}
        onSaveAndExit={() => void save.saveAndExit()}
      />
      {dialogs.epriceOpen && (
        <UploadEpriceDialog
          studyId={studyId}
          soeId={soeId}
          costsDetected={studyShowsCosts(data.visits, data.assessments)}
          onClose={dialogs.closeEprice}
          onUploaded={reload}
        />
      )}
      <SoeDialogs
        soe={data.soe}
        data={data}
        open={dialogs.dialog}
        onClose={dialogs.closeDialog}
        onEdited={dialogs.onEdited}
      />
    </>
  );
}

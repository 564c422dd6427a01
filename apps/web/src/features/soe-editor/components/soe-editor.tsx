import Box from '@mui/material/Box';
import type { SoeCommentType, SoeSiteGroupEntry } from '@predict/shared';
import { useState } from 'react';
import { useEditorAddress } from '../hooks/use-editor-address';
import { useEditorDialogs } from '../hooks/use-editor-dialogs';
import { useEditorLevel } from '../hooks/use-editor-level';
import { useEditorSections } from '../hooks/use-editor-sections';
import { useFieldValidity } from '../hooks/use-field-validity';
import { useSaveAndLeave } from '../hooks/use-save-and-leave';
import { useWorkingCopy } from '../hooks/use-working-copy';
import { hasUnsavedChanges, type SoeEditorData } from '../state/editor-state';
import { SoeErrorList } from './sections';
import { SoeEditorActions } from './soe-editor-actions';
import { SoeEditorHeader } from './soe-editor-header';
import { SoeEditorSections } from './soe-editor-sections';
import { SoeEditorToolbar } from './soe-editor-toolbar';
import { SoeTabStrip } from './soe-tab-strip';
import { StaleVersionAlert } from './stale-version-alert';

export interface SoeEditorProps {
  studyId: number;
  soeId: number;
  data: SoeEditorData;
  siteGroups: SoeSiteGroupEntry[];
  readOnly: boolean;
  /** Reloads every read and starts a fresh working copy. */
  reload: () => Promise<void>;
  refetchSiteGroups: () => Promise<unknown>;
}

/** The SOE editor (spec/2 sections 2, 4-6): the working copy of one SOE and everything that edits it. */
export function SoeEditor({
  studyId,
  soeId,
  data,
  siteGroups,
  readOnly,
  reload,
  refetchSiteGroups,
}: SoeEditorProps) {
  const [state, dispatch] = useWorkingCopy(data);
  const dirty = hasUnsavedChanges(state);
  const address = useEditorAddress();
  const { open, onOpen, edit, flush } = useEditorSections(soeId, dispatch);
  const [commentType, setCommentType] = useState<SoeCommentType>('VISIT');
  const dialogs = useEditorDialogs(dirty, reload, dispatch);
  const { invalidFields, onValidity } = useFieldValidity();
  const level = useEditorLevel(address, siteGroups, state.currencies, data.soe.currency);
  const save = useSaveAndLeave(soeId, state, dirty, flush, reload);
  const { saver } = save;

  return (
    <Box>
      <SoeEditorHeader soe={data.soe} />
      {saver.stale && <StaleVersionAlert onReload={reload} />}
      <SoeErrorList issues={saver.summary} />
      <SoeTabStrip tabs={level.tabs} index={level.tabIndex} onChange={address.setTab} />
      <SoeEditorToolbar
        studyId={studyId}
        soeId={soeId}
        data={data}
        siteGroups={siteGroups}
        level={level}
        state={state}
        address={address}
        readOnly={readOnly}
        saving={saver.saving}
        dirty={dirty}
        commentType={commentType}
        onCommentType={setCommentType}
        onValidity={onValidity}
        dispatch={edit}
        reload={reload}
        refetchSiteGroups={refetchSiteGroups}
      />
      <SoeEditorSections
        soeId={soeId}
        data={data}
        state={state}
        level={level}
        readOnly={readOnly}
        issues={saver.issues}
        commentType={commentType}
        open={open}
        onOpen={onOpen}
        onEditField={dialogs.onEditField}
        onValidity={onValidity}
        dispatch={edit}
      />
      <SoeEditorActions
        studyId={studyId}
        soeId={soeId}
        data={data}
        readOnly={readOnly}
        dirty={dirty}
        blocked={invalidFields.size > 0 || !state.gridLoaded}
        save={save}
        dialogs={dialogs}
        reload={reload}
      />
    </Box>
  );
}

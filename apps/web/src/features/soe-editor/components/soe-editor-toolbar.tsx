import Box from '@mui/material/Box';
import type { SoeCommentType, SoeSiteGroupEntry } from '@predict/shared';
import type { Dispatch } from 'react';
import { LevelUploadButtons, UPLOAD_NEEDS_SAVE } from '@/features/soe-uploads';
import type { EditorAddress } from '../hooks/use-editor-address';
import { useRefreshSites } from '../hooks/use-refresh-sites';
import type { EditorAction } from '../state/editor-reducer';
import type { EditorState, SoeEditorData } from '../state/editor-state';
import { FieldTypeSwitch } from './field-type-switch';
import { LevelControls } from './level-controls';

export interface SoeEditorToolbarProps {
  studyId: number;
  soeId: number;
  data: SoeEditorData;
  siteGroups: SoeSiteGroupEntry[];
  /** The level the editor shows (useEditorLevel). */
  level: { siteGroupId: number; siteId: number };
  state: EditorState;
  address: EditorAddress;
  readOnly: boolean;
  saving: boolean;
  dirty: boolean;
  commentType: SoeCommentType;
  onCommentType: (value: SoeCommentType) => void;
  onValidity: (field: string, valid: boolean) => void;
  dispatch: Dispatch<EditorAction>;
  reload: () => Promise<void>;
  refetchSiteGroups: () => Promise<unknown>;
}

/**
 * The row above the tables: the level's controls, and the Study tab's field type switch or a country or site
 * tab's uploads (which need the edits saved first).
 */
export function SoeEditorToolbar(p: SoeEditorToolbarProps) {
  const { studyId, soeId, siteGroups, readOnly } = p;
  const { siteGroupId, siteId } = p.level;
  const onRefreshSites = useRefreshSites(studyId, soeId, p.refetchSiteGroups);
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}>
      <LevelControls
        entries={siteGroups}
        siteGroupId={siteGroupId}
        siteId={siteId}
        soeCurrency={p.data.soe.currency}
        currencies={p.state.currencies}
        contractDates={p.state.contractDates}
        readOnly={readOnly}
        saving={p.saving}
        bf={p.address.bf}
        onSite={p.address.setSite}
        onBusinessFunction={p.address.setBusinessFunction}
        onRefreshSites={onRefreshSites}
        onValidity={p.onValidity}
        dispatch={p.dispatch}
      />
      {siteGroupId === 0 && <FieldTypeSwitch value={p.commentType} onChange={p.onCommentType} />}
      {siteGroupId !== 0 && !readOnly && (
        <LevelUploadButtons
          studyId={studyId}
          soeId={soeId}
          siteGroups={siteGroups}
          siteGroupId={siteGroupId}
          siteId={siteId}
          saved={p.data}
          disabledReason={p.dirty || p.saving ? UPLOAD_NEEDS_SAVE : null}
          onUploaded={p.reload}
        />
      )}
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SOE_MESSAGES, type SoeCommentType, type SoeSiteGroupEntry } from '@predict/shared';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { soeListPath } from '@/features/soe';
import {
  LevelUploadButtons,
  studyShowsCosts,
  UPLOAD_NEEDS_SAVE,
  UploadEpriceDialog,
} from '@/features/soe-uploads';
import { useUnsavedChangesGuard } from '@/hooks/use-unsaved-changes-guard';
import { refreshSiteList } from '../api/soe-editor-api';
import { useEditorAddress } from '../hooks/use-editor-address';
import { useSoeSave } from '../hooks/use-soe-save';
import { readViewMemory, useViewMemory } from '../hooks/use-view-memory';
import { editorReducer, type EditorAction } from '../state/editor-reducer';
import { hasUnsavedChanges, initialEditorState, levelId, type SoeEditorData } from '../state/editor-state';
import { editedSection, initialSections, withSection, type OpenSections } from '../state/open-sections';
import { fieldErrorsByKey } from '../state/save-body';
import { BottomBar } from './bottom-bar';
import { FieldTypeSwitch } from './field-type-switch';
import { LevelControls } from './level-controls';
import { LevelSections } from './level-sections';
import { sourceCurrenciesOf } from './levels/inherited';
import { SoeErrorList } from './sections';
import { SoeDialogs, type SoeDialog } from './soe-dialogs';
import { SoeEditorHeader } from './soe-editor-header';
import { editorTabs, SoeTabStrip } from './soe-tab-strip';
import { StudySections } from './study-sections';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

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
  const [state, dispatch] = useReducer(editorReducer, data, initialEditorState);
  const dirty = hasUnsavedChanges(state);
  // The grid's read may answer after the tables are shown (useSoeEditorData).
  const { mapping } = data;
  useEffect(() => {
    if (mapping) dispatch({ type: 'mappingLoaded', mapping });
  }, [mapping]);
  const address = useEditorAddress();
  const navigate = useNavigate();
  const studyPath = soeListPath(studyId);
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
    [edited],
  );
  const [commentType, setCommentType] = useState<SoeCommentType>('VISIT');
  const [dialog, setDialog] = useState<SoeDialog>(null);
  // Fields showing a typed value that is not valid (risk scores, exchange rates): Save waits for them.
  const [invalidFields, setInvalidFields] = useState<ReadonlySet<string>>(new Set());
  const onValidity = useCallback(
    (field: string, valid: boolean) =>
      setInvalidFields((prev) => {
        if (prev.has(field) === !valid) return prev;
        const next = new Set(prev);
        if (valid) next.delete(field);
        else next.add(field);
        return next;
      }),
    [],
  );

  const tabs = useMemo(() => editorTabs(siteGroups), [siteGroups]);
  const tabIndex = address.sg < tabs.length ? address.sg : 0;
  const tab = tabs[tabIndex];
  const siteGroupId = tab?.siteGroupId ?? 0;
  const siteId = siteGroupId === 0 ? 1 : address.siteId;
  const { settle } = address;
  useEffect(() => settle({ sg: tabIndex, siteId }), [settle, tabIndex, siteId]);
  const entry = siteGroups.find((e) => e.siteGroupId === siteGroupId && e.siteId === siteId);
  const levelCurrency =
    state.currencies[levelId(siteGroupId, siteId)]?.currency ?? entry?.effectiveCurrency ?? data.soe.currency;
  const studyCurrency = state.currencies[levelId(0, 1)]?.currency ?? data.soe.currency;
  const sources = useMemo(
    () => sourceCurrenciesOf(state.currencies, siteGroups, data.soe.currency, siteGroupId, siteId),
    [state.currencies, siteGroups, data.soe.currency, siteGroupId, siteId],
  );

  // Save & Exit: after the save, leave instead of reloading (a ref: the save runs before a re-render).
  const exitAfterSave = useRef(false);
  const onSaved = useCallback(async () => {
    if (exitAfterSave.current) return;
    flush();
    await reload();
  }, [flush, reload]);
  const saver = useSoeSave(soeId, state, onSaved);
  const { CDAReviewPctTime, AddlTimeOnSitePct } = data.soe;
  const strategySettings = useMemo(
    () => ({ cdaReviewPctTime: CDAReviewPctTime, addlTimeOnSitePct: AddlTimeOnSitePct }),
    [CDAReviewPctTime, AddlTimeOnSitePct],
  );
  const { visits, assessments } = state;
  const rowErrors = useMemo(() => {
    const byRow = new Map<string, Record<string, string>>();
    for (const [id, message] of fieldErrorsByKey({ visits, assessments }, saver.issues)) {
      const dot = id.lastIndexOf('.');
      const key = id.slice(0, dot);
      byRow.set(key, { ...byRow.get(key), [id.slice(dot + 1)]: message });
    }
    return byRow;
  }, [visits, assessments, saver.issues]);

  // Every way out of the editor (Back to SOE List, Cancel, the top bar, the browser's Back) is held while there
  // are unsaved changes, and asked in the spec's dialog; closing or reloading the tab gets the browser's own.
  const leave = useUnsavedChangesGuard(dirty);
  const onOpen = useCallback(
    (id: string, next: boolean) => setOpen((prev) => withSection(prev, id, next)),
    [],
  );
  const saveAndExit = async () => {
    exitAfterSave.current = true;
    const outcome = await saver.save();
    exitAfterSave.current = false;
    // Only a save that worked leaves (spec/2 section 4); otherwise the editor stays with the save's messages.
    if (outcome === 'saved') leave.proceed?.();
    else leave.reset?.();
  };

  const onRefreshSites = useCallback(async () => {
    const answer = await refreshSiteList(studyId, soeId);
    await refetchSiteGroups();
    return { message: answer?.message ?? SOE_MESSAGES.siteListRefreshed };
  }, [studyId, soeId, refetchSiteGroups]);
  const onEditField = useCallback(() => setDialog('edit'), []);
  // Unsaved table edits survive an edit of the SOE's own fields (its reads refetch, the working copy stays).
  const onEdited = useCallback(
    (savedVersion: number) =>
      dirty ? dispatch({ type: 'detailsSaved', version: savedVersion }) : void reload(),
    [dirty, reload],
  );
  const onView = useCallback(() => setDialog('view'), []);
  const onExport = useCallback(() => setDialog('export'), []);
  const [epriceOpen, setEpriceOpen] = useState(false);
  const onUpload = useCallback(() => setEpriceOpen(true), []);
  const onCancel = useCallback(() => void navigate(studyPath), [navigate, studyPath]);
  // The latest save without re-rendering the bottom bar on every edit.
  const saveRef = useRef(saver.save);
  useEffect(() => {
    saveRef.current = saver.save;
  }, [saver.save]);
  const onSave = useCallback(() => void saveRef.current(), []);

  return (
    <Box>
      <SoeEditorHeader soe={data.soe} />
      {saver.stale && (
        <Alert
          severity="warning"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" onClick={() => void reload()}>
              Reload
            </Button>
          }
        >
          {SOE_MESSAGES.staleVersion}
        </Alert>
      )}
      <SoeErrorList issues={saver.summary} />
      <SoeTabStrip tabs={tabs} index={tabIndex} onChange={address.setTab} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}>
        <LevelControls
          entries={siteGroups}
          siteGroupId={siteGroupId}
          siteId={siteId}
          soeCurrency={data.soe.currency}
          currencies={state.currencies}
          contractDates={state.contractDates}
          readOnly={readOnly}
          saving={saver.saving}
          bf={address.bf}
          onSite={address.setSite}
          onBusinessFunction={address.setBusinessFunction}
          onRefreshSites={onRefreshSites}
          onValidity={onValidity}
          dispatch={edit}
        />
        {siteGroupId === 0 && <FieldTypeSwitch value={commentType} onChange={setCommentType} />}
        {siteGroupId !== 0 && !readOnly && (
          <LevelUploadButtons
            studyId={studyId}
            soeId={soeId}
            siteGroups={siteGroups}
            siteGroupId={siteGroupId}
            siteId={siteId}
            saved={data}
            disabledReason={dirty || saver.saving ? UPLOAD_NEEDS_SAVE : null}
            onUploaded={reload}
          />
        )}
      </Box>
      {siteGroupId === 0 ? (
        <StudySections
          state={state}
          sampling={data.sampling}
          currency={studyCurrency}
          commentType={commentType}
          strategySettings={strategySettings}
          readOnly={readOnly}
          rowErrors={rowErrors}
          open={open}
          onOpen={onOpen}
          onEditField={onEditField}
          onValidity={onValidity}
          dispatch={edit}
        />
      ) : (
        <LevelSections
          key={levelId(siteGroupId, siteId)}
          soeId={soeId}
          siteGroupId={siteGroupId}
          siteId={siteId}
          state={state}
          currency={levelCurrency}
          sources={sources}
          readOnly={readOnly}
          dispatch={edit}
        />
      )}
      <BottomBar
        studyPath={studyPath}
        readOnly={readOnly}
        dirty={dirty}
        blocked={invalidFields.size > 0 || !state.gridLoaded}
        saving={saver.saving}
        onCancel={onCancel}
        onEdit={onEditField}
        onView={onView}
        onSave={onSave}
        onExport={onExport}
        onUpload={onUpload}
      />
      <UnsavedChangesDialog
        open={leave.state === 'blocked'}
        saving={saver.saving}
        onClose={() => leave.reset?.()}
        onExitWithoutSaving={() => leave.proceed?.()}
        onSaveAndExit={() => void saveAndExit()}
      />
      {epriceOpen && (
        <UploadEpriceDialog
          studyId={studyId}
          soeId={soeId}
          costsDetected={studyShowsCosts(data.visits, data.assessments)}
          onClose={() => setEpriceOpen(false)}
          onUploaded={reload}
        />
      )}
      <SoeDialogs
        soe={data.soe}
        data={data}
        open={dialog}
        onClose={() => setDialog(null)}
        onEdited={onEdited}
      />
    </Box>
  );
}

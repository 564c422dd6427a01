import type { SoeCommentType, SoeRowIssue } from '@predict/shared';
import { useMemo, type Dispatch } from 'react';
import { useRowErrors } from '../hooks/use-row-errors';
import type { EditorAction } from '../state/editor-reducer';
import { levelId, type EditorState, type SoeEditorData } from '../state/editor-state';
import type { OpenSections } from '../state/open-sections';
import { LevelSections } from './level-sections';
import type { SourceCurrencies } from './levels/inherited';
import { StudySections } from './study-sections';

export interface SoeEditorSectionsProps {
  soeId: number;
  data: SoeEditorData;
  state: EditorState;
  /** The level the editor shows and its currencies (useEditorLevel). */
  level: {
    siteGroupId: number;
    siteId: number;
    levelCurrency: string;
    studyCurrency: string;
    sources: SourceCurrencies;
  };
  readOnly: boolean;
  /** The save's issues, shown on the rows' cells. */
  issues: SoeRowIssue[];
  commentType: SoeCommentType;
  open: OpenSections;
  onOpen: (id: string, open: boolean) => void;
  onEditField: () => void;
  onValidity: (field: string, valid: boolean) => void;
  dispatch: Dispatch<EditorAction>;
}

/** The tables of the tab shown: the Study tab's sections, or a country or site tab's own. */
export function SoeEditorSections(p: SoeEditorSectionsProps) {
  const { data, state, level, readOnly } = p;
  const { siteGroupId, siteId } = level;
  const { CDAReviewPctTime, AddlTimeOnSitePct } = data.soe;
  // Memoised, like the row errors: the study sections re-render only when their inputs change.
  const strategySettings = useMemo(
    () => ({ cdaReviewPctTime: CDAReviewPctTime, addlTimeOnSitePct: AddlTimeOnSitePct }),
    [CDAReviewPctTime, AddlTimeOnSitePct],
  );
  const rowErrors = useRowErrors(state.visits, state.assessments, p.issues);
  if (siteGroupId === 0)
    return (
      <StudySections
        state={state}
        sampling={data.sampling}
        currency={level.studyCurrency}
        commentType={p.commentType}
        strategySettings={strategySettings}
        readOnly={readOnly}
        rowErrors={rowErrors}
        open={p.open}
        onOpen={p.onOpen}
        onEditField={p.onEditField}
        onValidity={p.onValidity}
        dispatch={p.dispatch}
      />
    );
  return (
    <LevelSections
      key={levelId(siteGroupId, siteId)}
      soeId={p.soeId}
      siteGroupId={siteGroupId}
      siteId={siteId}
      state={state}
      currency={level.levelCurrency}
      sources={level.sources}
      readOnly={readOnly}
      dispatch={p.dispatch}
    />
  );
}
